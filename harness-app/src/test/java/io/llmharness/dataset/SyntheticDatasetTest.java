package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The synthetic generator is deterministic and its files load back to the same table. */
class SyntheticDatasetTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 42, 20240501})
    void sameSeedSameRowsAndLengthsWithinBounds(long seed) {
        SyntheticDataset spec = SyntheticDataset.cnnLike(300, seed);

        Dataset a = new Dataset(
                Path.of("a"),
                DatasetFormat.JSON,
                spec.table(),
                java.util.Map.of(StandardColumn.INPUT_IDS, "tok_input"));
        assertThat(spec.table()).isEqualTo(a.table());
        assertThat(SyntheticDataset.cnnLike(300, seed + 1).table()).isNotEqualTo(a.table());
        DatasetStatistics s = a.statistics();
        assertThat(s.inputTokens().min()).isGreaterThanOrEqualTo(100);
        assertThat(s.inputTokens().max()).isLessThanOrEqualTo(2000);
        assertThat(s.inputTokens().mean()).isBetween(740.0, 860.0);
        assertThat(a.inputIds(0)[0]).isEqualTo(SyntheticDataset.BOS);
    }

    @Test
    void textHasOneWordPerIdAfterBos() {
        SyntheticDataset spec = new SyntheticDataset(5, 7, new SyntheticDataset.LengthDistribution.Uniform(3, 9), 4);

        spec.forEachRow(r -> {
            assertThat(r.input().split(" ")).hasSize(r.tokInput().length - 1);
            assertThat(r.output().split(" ")).hasSize(4);
            assertThat(r.tokInput().length).isBetween(3, 9);
        });
    }

    @Test
    void jsonJsonlAndParquetLoadBackEqual(@TempDir Path dir) {
        SyntheticDataset spec = new SyntheticDataset(50, 3, new SyntheticDataset.LengthDistribution.Fixed(20), 5);
        spec.writeJson(dir.resolve("s.json"));
        spec.writeJsonl(dir.resolve("s.jsonl"));
        spec.writeParquet(dir.resolve("s.parquet"));

        for (String name : new String[] {"s.json", "s.jsonl", "s.parquet"}) {
            Dataset d = Dataset.load(dir.resolve(name));
            assertThat(d.table()).as(name).isEqualTo(spec.table());
            assertThat(d.statistics().inputTokens().p50()).isEqualTo(20);
        }
    }
}
