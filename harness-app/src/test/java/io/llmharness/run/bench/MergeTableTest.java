package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The per-shard table: a shard is skewed only when its offset is beyond the threshold by more than its error. */
class MergeTableTest {

    private static MergeTable.Row row(int index, Double offset, Double uncertainty, String problem) {
        return new MergeTable.Row(
                index, "s" + index, 10, 1, "2026-01-01T00:00:00Z", 12.5, offset, uncertainty, problem);
    }

    @Test
    void aShardIsSkewedWhenEvenTheNearEndOfItsIntervalIsBeyondTheThreshold() {
        assertThat(MergeTable.skewed(row(0, 900.0, 70.0, null), 250)).isTrue();
        assertThat(MergeTable.skewed(row(1, -900.0, 70.0, null), 250)).isTrue();
        assertThat(MergeTable.skewed(row(2, 300.0, 70.0, null), 250))
                .as("230..370 ms may be within 250 ms")
                .isFalse();
        assertThat(MergeTable.skewed(row(3, null, null, "the server sent no (valid) Date header"), 250))
                .isFalse();
    }

    @Test
    void theTableShowsTheOffsetWithItsUncertaintyOrWhyThereIsNone() {
        List<String> lines = MergeTable.lines(
                List.of(row(0, 12.4, 63.0, null), row(1, null, null, "the server sent no (valid) Date header")));
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).contains("shard").contains("requests").contains("clock offset");
        assertThat(lines.get(1)).contains("+12 ms ± 63 ms").contains("12.5 ms");
        assertThat(lines.get(2)).contains("unknown: the server sent no (valid) Date header");
        assertThat(MergeTable.json(row(0, 12.4, 63.0, null)))
                .containsEntry("clock_offset_ms", 12.4)
                .containsEntry("clock_offset_uncertainty_ms", 63.0)
                .containsEntry("failures", 1L);
    }
}
