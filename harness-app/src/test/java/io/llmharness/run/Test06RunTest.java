package io.llmharness.run;

import static io.llmharness.run.RunFixture.detail;
import static io.llmharness.run.RunFixture.harness;
import static io.llmharness.run.RunFixture.runDir;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness run --test-mode TEST06 --simulate}: the official audit settings, then the verification files. */
class Test06RunTest {

    @TempDir
    Path dir;

    private RunFixture.Outcome test06(String scenario, String category) {
        Path data = RunFixture.dataset(dir, 120);
        return harness(
                "run",
                "--model-category",
                category,
                "--dataset-path",
                data.toString(),
                "--simulate",
                "--scenario",
                scenario,
                "--test-mode",
                "TEST06",
                "--generation-config",
                RunFixture.shortOutputs(dir, 16).toString(),
                "--server-target-qps",
                "200",
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString());
    }

    @Test
    void offlineAppliesTheAuditSettingsAndSkipsTheFirstTokenCheck() throws Exception {
        RunFixture.Outcome o = test06("Offline", "llama3.1-8b");
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        Path run = runDir(dir.resolve("out"));
        assertThat(run.getFileName().toString()).endsWith("-llama3.1-8b-offline-test06");
        assertThat(Files.readString(run.resolve("audit.config"))).contains("*.*.accuracy_log_sampling_target = 100");
        assertThat(Files.readString(run.resolve("mlperf/mlperf_log_detail.txt")))
                .contains("Found Audit Config file");
        assertThat(detail(run, "requested_accuracy_log_rng_seed").asText()).isEqualTo("720381539243781796");
        assertThat(detail(run, "requested_min_query_count").asLong()).isEqualTo(100);
        assertThat(detail(run, "requested_sample_concatenate_permutation").asBoolean())
                .isFalse();
        assertThat(Files.readAllLines(run.resolve("TEST06/verify_accuracy.txt")))
                .containsExactly(
                        "First token check pass: Skipped",
                        "EOS check pass: True",
                        "Sample length check pass: True",
                        "TEST06 verification complete");
        assertThat(run.resolve("TEST06/accuracy/mlperf_log_accuracy.json")).exists();
        JsonNode log = RunFixture.JSON.readTree(
                run.resolve("mlperf/mlperf_log_accuracy.json").toFile());
        assertThat(log.size()).isPositive();
        assertThat(o.out())
                .contains("TEST06 (", "EOS id 128009", "TEST06 verification complete")
                .contains("does not count for TEST06");
    }

    @Test
    void serverChecksFirstTokensToo() throws Exception {
        RunFixture.Outcome o = test06("Server", "llama2-70b");
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        Path run = runDir(dir.resolve("out"));
        List<String> lines = Files.readAllLines(run.resolve("TEST06/verify_accuracy.txt"));
        assertThat(lines)
                .containsExactly(
                        "First token check pass: True",
                        "EOS check pass: True",
                        "Sample length check pass: True",
                        "TEST06 verification complete");
        JsonNode log = RunFixture.JSON.readTree(
                run.resolve("mlperf/mlperf_log_accuracy.json").toFile());
        assertThat(log.get(0).has("token_data")).isTrue();
    }

    @Test
    void aTextBenchmarkHasNoTest06() {
        RunFixture.Outcome o = test06("Offline", "qwen3-vl-235b-a22b");
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err()).contains("--test-mode TEST06: qwen3-vl-235b-a22b answers in text");
    }
}
