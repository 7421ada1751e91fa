package io.llmharness.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;

/** The same logical dataset, written by pandas (or DuckDB) in every supported layout, loads to equal tables. */
class FormatEqualityTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "small.json",
                "small.jsonl",
                "small_orient_columns.json",
                "small_lists.json.gz",
                "small.csv",
                "small_space_ids.csv",
                "small_lists.pkl",
                "small_np_int32.pkl",
                "small_np_int64.pkl.gz",
                "small_custom_index_p4.pkl",
                "dict_of_lists.pkl",
                "pandas2_numpy2.pkl",
                "legacy_state.pkl"
            })
    void everyFixtureHoldsTheSameTable(String name) {
        Dataset d = Dataset.load(Fixtures.path(name));

        assertThat(d.table()).isEqualTo(Fixtures.smallTable());
        assertThat(d.columnFor(StandardColumn.INPUT_IDS)).contains("tok_input");
        assertThat(d.inputIds(1)).containsExactly(128000, 70000);
        assertThat(d.input(1)).isEqualTo("Résumé ✓, with \"quotes\", commas");
        assertThat(d.target(3)).isEqualTo("Two lines.");
    }

    @ParameterizedTest
    @ValueSource(strings = {"BIGINT", "INTEGER"})
    void parquetWithListColumnsHoldsTheSameTable(String elementType, @TempDir Path dir) throws Exception {
        Path file = Fixtures.smallParquet(dir, elementType);

        Dataset d = Dataset.load(file);

        assertThat(d.format()).isEqualTo(DatasetFormat.PARQUET);
        assertThat(d.table()).isEqualTo(Fixtures.smallTable());
    }

    @Test
    void formatIsDetectedFromContentWhenTheExtensionSaysNothing(@TempDir Path dir) throws Exception {
        for (String name : new String[] {"small_lists.pkl", "small.json", "small.jsonl", "small.csv"}) {
            Path copy = dir.resolve(name.replace('.', '_') + ".data");
            java.nio.file.Files.copy(Fixtures.path(name), copy);
            assertThat(Dataset.load(copy).table()).as(name).isEqualTo(Fixtures.smallTable());
        }
        Path parquet = Fixtures.smallParquet(dir, "INTEGER");
        Path renamed = dir.resolve("parquet.bin");
        java.nio.file.Files.move(parquet, renamed);
        assertThat(Dataset.load(renamed).format()).isEqualTo(DatasetFormat.PARQUET);
    }

    @Test
    void contentWinsOverAMisleadingName(@TempDir Path dir) throws Exception {
        Path pickleNamedJson = dir.resolve("cnn_eval.json");
        java.nio.file.Files.copy(Fixtures.path("small_lists.pkl"), pickleNamedJson);
        Path jsonNamedPickle = dir.resolve("data.pkl");
        java.nio.file.Files.copy(Fixtures.path("small.json"), jsonNamedPickle);

        Logger logger = (Logger) LoggerFactory.getLogger("io.llmharness.dataset");
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        logger.addAppender(logged);
        Dataset pickle;
        Dataset json;
        try {
            pickle = Dataset.load(pickleNamedJson);
            json = Dataset.load(jsonNamedPickle);
        } finally {
            logger.detachAppender(logged);
        }

        assertThat(pickle.format()).isEqualTo(DatasetFormat.PICKLE);
        assertThat(pickle.warnings())
                .containsExactly("Dataset " + pickleNamedJson
                        + " is named like JSON but its content is a pickle; reading it as a pickle");
        assertThat(json.table()).isEqualTo(Fixtures.smallTable());
        assertThat(json.warnings())
                .containsExactly("Dataset " + jsonNamedPickle
                        + " is named like a pickle but its content is JSON; reading it as JSON");
        assertThat(logged.list)
                .as("the warning is the caller's to show (harness run prints 'harness: warning: ...'), not a log line"
                        + " on the terminal")
                .noneMatch(e -> e.getLevel().isGreaterOrEqual(Level.WARN));
        assertThat(Dataset.load(Fixtures.path("small.json")).warnings()).isEmpty();
    }
}
