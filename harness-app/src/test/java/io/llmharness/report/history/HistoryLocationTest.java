package io.llmharness.report.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the history goes: flag, then system property, then environment, then the home directory. */
class HistoryLocationTest {

    static final Path HOME = Path.of("/home/someone");

    @Test
    void flagThenPropertyThenEnvironmentThenHome() {
        Map<String, String> env = Map.of(HistoryLocation.ENV, "/env/h.duckdb");
        assertThat(HistoryLocation.resolve("f.duckdb", "/prop/h.duckdb", env, HOME))
                .contains(Path.of("f.duckdb"));
        assertThat(HistoryLocation.resolve(null, "/prop/h.duckdb", env, HOME)).contains(Path.of("/prop/h.duckdb"));
        assertThat(HistoryLocation.resolve(null, null, env, HOME)).contains(Path.of("/env/h.duckdb"));
        assertThat(HistoryLocation.resolve(null, null, Map.of(), HOME))
                .contains(Path.of("/home/someone/.llm-harness/history.duckdb"));
    }

    @Test
    void offTurnsItOff() {
        assertThat(HistoryLocation.resolve("off", null, Map.of(), HOME)).isEmpty();
        assertThat(HistoryLocation.resolve(null, null, Map.of(HistoryLocation.ENV, "NONE"), HOME))
                .isEmpty();
    }

    @Test
    void testsNeverWriteToTheRealHome() {
        // the build sets HARNESS_HISTORY for every test JVM and the processes it starts
        assertThat(System.getenv(HistoryLocation.ENV)).isNotBlank();
        Path used = HistoryLocation.resolve(null).orElseThrow().toAbsolutePath();
        assertThat(used.startsWith(Path.of(System.getProperty("user.home"), ".llm-harness")))
                .as(used.toString())
                .isFalse();
    }
}
