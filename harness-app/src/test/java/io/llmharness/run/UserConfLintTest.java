package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.benchmark.BenchmarkRegistry;
import io.llmharness.benchmark.LoadGenTarget;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.error.HarnessException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What LoadGen silently ignores in a user.conf is said as a warning with file, line and a "did you mean"; a
 * negative value is refused from user.conf and {@code --set} alike, as the flags refuse it.
 */
class UserConfLintTest {

    @TempDir
    Path dir;

    private static LoadGenTarget target(RunScenario scenario) {
        return BenchmarkRegistry.builtIn().byCategory("llama3.1-8b").loadGen(scenario, null);
    }

    private Path conf(String... lines) throws Exception {
        Path f = dir.resolve("user.conf");
        Files.writeString(f, String.join("\n", lines) + "\n");
        return f;
    }

    private LoadGenSettings.Resolved resolve(Path conf, List<String> sets, RunScenario scenario) {
        return LoadGenSettings.resolve(
                new RunRequest.LoadGenRequest(conf, null, null, null, sets, false, null),
                target(scenario),
                RunMode.PERFORMANCE);
    }

    @Test
    void misspeltFieldsModelsAndScenariosAreWarnedWithTheirLine() throws Exception {
        Path f = conf(
                "# short runs",
                "llama3_1-8b.Offline.min_duratoin = 1000",
                "llama3.1-8b.Offline.min_duration = 1000",
                "llama3_1-8b.Ofline.min_query_count = 10",
                "llama2-70b.Offline.min_duration = 1000",
                "llama3_1-8b.Offline.min_query_count = 10",
                "*.Offline.target_qps = 5");
        List<String> w = resolve(f, List.of(), RunScenario.OFFLINE).warnings();
        assertThat(w)
                .anySatisfy(l -> assertThat(l)
                        .contains("line 2: ignored by LoadGen: unknown field 'min_duratoin'")
                        .contains("did you mean 'min_duration'"))
                .anySatisfy(l -> assertThat(l)
                        .contains("line 3: ignored by LoadGen: 'llama3.1-8b.Offline.min_duration' is for model"
                                + " 'llama3.1-8b', not this run's 'llama3_1-8b'")
                        .contains("did you mean llama3_1-8b.Offline.min_duration?"))
                .anySatisfy(l -> assertThat(l)
                        .contains("line 4: ignored by LoadGen: unknown scenario 'Ofline'")
                        .contains("did you mean 'Offline'"))
                .anySatisfy(l -> assertThat(l).contains("line 5: ignored by LoadGen: 'llama2-70b.Offline"));
        assertThat(w).noneMatch(l -> l.contains("line 1:") || l.contains("line 6:") || l.contains("line 7:"));
        assertThat(w).allMatch(l -> l.startsWith("--user-conf " + f));
    }

    @Test
    void aNegativeValueIsRefusedFromTheFileWithItsLine() throws Exception {
        Path f = conf("llama3_1-8b.Offline.min_duration = -5000");
        assertThatThrownBy(() -> resolve(f, List.of(), RunScenario.OFFLINE))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("line 1: llama3_1-8b.Offline.min_duration = -5000: negative values are not");
    }

    @Test
    void aNegativeRateIsRefusedFromSetAsTheFlagRefusesIt() throws Exception {
        assertThatThrownBy(() -> resolve(null, List.of("server_target_qps=-3"), RunScenario.SERVER))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("server_target_qps is -3.0")
                .hasMessageContaining("must be a positive number");
        Path f = conf("llama3_1-8b.Server.target_latency_percentile = 150");
        // LoadGen reads the file's percentile in percent
        assertThatThrownBy(() -> resolve(f, List.of(), RunScenario.SERVER))
                .hasMessageContaining("server_target_latency_percentile is 1.5");
    }
}
