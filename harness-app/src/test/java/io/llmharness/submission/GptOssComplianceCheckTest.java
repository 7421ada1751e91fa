package io.llmharness.submission;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.benchmark.BenchmarkRegistry;
import io.llmharness.benchmark.BenchmarkSpec;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.loadgen.config.MlperfRound;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pre-check of gpt-oss-120b's TEST07 and TEST09 folders, as the checker reads them (TEST PASS). */
class GptOssComplianceCheckTest {

    @TempDir
    Path dir;

    private List<String> complianceProblems() {
        BenchmarkSpec gptOss = BenchmarkRegistry.builtIn().byCategory("gpt-oss-120b");
        return ResultCheck.check(gptOss, "gpt-oss-120b", RunScenario.OFFLINE, dir, MlperfRound.V6_0).stream()
                .filter(p -> p.startsWith("TEST0"))
                .toList();
    }

    private void verification(String test, String file, String text) throws IOException {
        Files.createDirectories(dir.resolve(test).resolve("accuracy"));
        Files.writeString(dir.resolve(test).resolve(file), text);
        Files.writeString(dir.resolve(test).resolve("accuracy/mlperf_log_accuracy.json"), "[]\n");
    }

    @Test
    void passingVerificationsHaveNoProblem() throws IOException {
        verification("TEST07", "verify_accuracy.txt", "'exact_match': 62.150\nAccuracy check pass: True\nTEST PASS\n");
        verification("TEST09", "verify_output_len.txt", "Min check pass: True\n\nTEST PASS\n");

        assertThat(complianceProblems()).isEmpty();
    }

    @Test
    void missingAndFailedVerificationsAreNamed() throws IOException {
        verification("TEST09", "verify_output_len.txt", "Min check pass: False\n\nTEST FAIL\n");

        assertThat(complianceProblems())
                .containsExactly(
                        "TEST07: TEST07/verify_accuracy.txt is missing (run with --test-mode TEST07)",
                        "TEST09: verification failed (TEST09/verify_output_len.txt has no TEST PASS)");
    }

    @Test
    void anUntruncatedLogIsNamed() throws IOException {
        verification("TEST07", "verify_accuracy.txt", "TEST PASS\n");
        verification("TEST09", "verify_output_len.txt", "TEST PASS\n");
        Files.writeString(dir.resolve("TEST09/accuracy/mlperf_log_accuracy.json"), "x".repeat(10241));

        assertThat(complianceProblems())
                .containsExactly(
                        "TEST09: accuracy/mlperf_log_accuracy.json is larger than 10240 bytes (not truncated)");
    }
}
