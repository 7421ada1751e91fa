package io.llmharness.run;

import static io.llmharness.run.RunFixture.harness;
import static io.llmharness.run.RunFixture.runDir;
import static io.llmharness.run.RunFixture.summary;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The "short try" recipe of docs/run.md, exactly as written there, in every scenario an LLM benchmark defines:
 * {@code --set min_query_count=64 --set min_duration_ms=1000 --set sample_concatenate_permutation=0} issues 64
 * samples (Offline: one query of 64) and no more, whatever mlperf.conf's equal-issue padding and
 * {@code performance_sample_count_override} would add. With only the first two keys SingleStream ran 224 queries
 * (equal issue: 2 x 1 s at the 10 ms expected latency = 200, plus one whole pass over 32 rows).
 */
class ShortTryRecipeTest {

    /** The recipe's keys, as docs/run.md prints them. */
    static final List<String> RECIPE = List.of(
            "--set",
            "min_query_count=64",
            "--set",
            "min_duration_ms=1000",
            "--set",
            "sample_concatenate_permutation=0");

    /** The recipe's addition for Server and Interactive, as docs/run.md prints it. */
    static final List<String> SERVER_PACE = List.of("--server-target-qps", "20");

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
        "llama3.1-8b, Offline, 64",
        "llama3.1-8b, Server, 64",
        "llama3.1-8b, Interactive, 64",
        "llama3.1-8b-edge, SingleStream, 64",
        "llama3.1-8b-edge, Offline, 64"
    })
    void theShortTryRecipeIssues64SamplesInEveryScenario(String benchmark, String scenario, long samples) {
        List<String> a = new ArrayList<>(List.of(
                "run",
                "--model-category",
                benchmark,
                "--scenario",
                scenario,
                "--dataset-path",
                RunFixture.dataset(dir, 32).toString(),
                "--generation-config",
                RunFixture.shortOutputs(dir, 4).toString(),
                "--simulate",
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString()));
        a.addAll(RECIPE);
        if (scenario.equals("Server") || scenario.equals("Interactive")) {
            a.addAll(SERVER_PACE); // the recipe's Server line: 64 queries at 1/s would take a minute
        }
        RunFixture.Outcome o = harness(a.toArray(String[]::new));
        // 64 queries are too few for Server's early stopping: the run may be INVALID, but it is short
        assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
        JsonNode s = summary(runDir(dir.resolve("out")));
        assertThat(s.at("/mlperf/results/Samples").asLong()).as(o.out()).isEqualTo(samples);
        assertThat(s.at("/mlperf/results/Queries issued").asLong()).isEqualTo(scenario.equals("Offline") ? 1 : samples);
    }
}
