package io.llmharness.run;

import static io.llmharness.run.RunFixture.detail;
import static io.llmharness.run.RunFixture.harness;
import static io.llmharness.run.RunFixture.runDir;
import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.cli.ExitCodes;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness run --test-mode TEST07|TEST09 --simulate} for gpt-oss-120b: the official audit settings reach
 * LoadGen, every response is logged, and the verification files land where the checker reads them. The simulator's
 * short answers fail both tests (exit 4); the passing verdicts are unit-tested on fixture logs.
 */
class GptOssComplianceRunTest {

    @TempDir
    Path dir;

    private RunFixture.Outcome run(String mode, String category) {
        return harness(
                "run",
                "--model-category",
                category,
                "--dataset-path",
                RunFixture.dataset(dir, 24).toString(),
                "--simulate",
                "--scenario",
                "Offline",
                "--test-mode",
                mode,
                "--generation-config",
                RunFixture.shortOutputs(dir, 16).toString(),
                // the dataset is small: the performance sample count is its size (LoadGen refuses more with
                // performance_issue_unique, which both audit files set)
                "--user-conf",
                RunFixture.conf(dir, "u.conf", "*.Offline.performance_sample_count_override = 24")
                        .toString(),
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString());
    }

    @Test
    void test09LogsEveryResponseAndFailsShortOutputs() throws Exception {
        RunFixture.Outcome o = run("TEST09", "gpt-oss-120b");
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        Path run = runDir(dir.resolve("out"));
        assertThat(Files.readString(run.resolve("audit.config"))).contains("*.*.test09_min_output_tokens = 1150.38");
        assertThat(detail(run, "requested_accuracy_log_rng_seed").asText()).isEqualTo("720381539243781796");
        assertThat(detail(run, "requested_performance_issue_unique").asBoolean())
                .isTrue();
        assertThat(RunFixture.JSON
                        .readTree(run.resolve("mlperf/mlperf_log_accuracy.json").toFile())
                        .size())
                .isEqualTo(24);
        assertThat(Files.readAllLines(run.resolve("TEST09/verify_output_len.txt")))
                .contains("Total samples: 24", "Min check pass: False", "Max check pass: True")
                .endsWith("TEST FAIL");
        assertThat(run.resolve("TEST09/accuracy/mlperf_log_accuracy.json")).isRegularFile();
        assertThat(run.resolve("TEST09/performance/run_1/mlperf_log_detail.txt"))
                .isRegularFile();
        assertThat(o.out())
                .contains("TEST09 (24 logged responses): mean output", "TEST FAIL", "does not count for TEST09");
        RunFixture.assertRunFiles(run);

        // packed as the checker reads it: TEST09/ inside the result, the log hashed into accuracy/accuracy.txt
        byte[] fullLog = Files.readAllBytes(run.resolve("TEST09/accuracy/mlperf_log_accuracy.json"));
        Path output = dir.resolve("submission");
        RunFixture.Outcome pack = harness(
                "submission",
                "pack",
                "--org",
                "MyOrg",
                "--system",
                "sim",
                "--round",
                "v6.1",
                "--output",
                output.toString(),
                run.toString());
        assertThat(pack.exit()).as(pack.out() + pack.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        Path t = output.resolve("closed/MyOrg/results/sim/gpt-oss-120b/Offline/TEST09");
        assertThat(t.resolve("verify_output_len.txt"))
                .hasSameTextualContentAs(run.resolve("TEST09/verify_output_len.txt"));
        assertThat(t.resolve("performance/run_1/mlperf_log_detail.txt")).isRegularFile();
        String hash = java.util.HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(fullLog));
        assertThat(t.resolve("accuracy/accuracy.txt")).hasContent("hash=" + hash);
        assertThat(pack.out())
                .contains(
                        "TEST09: verification failed (TEST09/verify_output_len.txt has no TEST PASS)",
                        "TEST07: TEST07/verify_accuracy.txt is missing (run with --test-mode TEST07)");
    }

    @Test
    void test07ScoresTheLoggedResponsesWithTheGptOssEvaluator() throws Exception {
        RunFixture.Outcome o = run("TEST07", "gpt-oss-120b");
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        Path run = runDir(dir.resolve("out"));
        assertThat(Files.readString(run.resolve("audit.config"))).contains("*.*.test07_accuracy_threshold = 60.698");
        assertThat(detail(run, "requested_min_query_count").asLong()).isEqualTo(990);
        assertThat(o.err()).contains("TEST07 expects the 990-row GPQA compliance set");
        assertThat(RunFixture.loadgenErrors(run)).isZero();
        assertThat(RunFixture.JSON
                        .readTree(run.resolve("mlperf/mlperf_log_accuracy.json").toFile())
                        .size())
                .isEqualTo(24);
        // the synthetic rows have no GPQA answers: not verified, and the run fails its compliance test
        assertThat(o.out()).containsAnyOf("TEST07 (24 logged responses): exact_match", "TEST07: not verified");
        assertThat(o.out()).doesNotContain("TEST PASS");
    }

    @Test
    void otherBenchmarksHaveNoTest07OrTest09() {
        RunFixture.Outcome o = run("TEST09", "llama3.1-8b");
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.err())
                .contains("--test-mode TEST09: its audit settings and thresholds are gpt-oss-120b's; llama3.1-8b's"
                        + " compliance tests are TEST06");
    }
}
