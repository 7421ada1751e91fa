package io.llmharness.accuracy.compliance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TEST07 / TEST09 folder as the official verification lays it out, from both run-directory layouts. */
class ComplianceFilesTest {

    @TempDir
    Path dir;

    private static void logs(Path into) throws IOException {
        Files.createDirectories(into);
        Files.writeString(into.resolve("mlperf_log_accuracy.json"), "[]\n");
        Files.writeString(into.resolve("mlperf_log_summary.txt"), "summary\n");
        Files.writeString(into.resolve("mlperf_log_detail.txt"), "detail\n");
    }

    @Test
    void copiesTheLogsFromTheRunsMlperfFolder() throws IOException {
        logs(dir.resolve("mlperf"));

        Path verify = ComplianceFiles.write(dir, "TEST09", "verify_output_len.txt", "TEST PASS\n");

        assertThat(verify)
                .isEqualTo(dir.resolve("TEST09/verify_output_len.txt"))
                .hasContent("TEST PASS");
        assertThat(dir.resolve("TEST09/accuracy/mlperf_log_accuracy.json")).hasContent("[]");
        assertThat(dir.resolve("TEST09/performance/run_1/mlperf_log_summary.txt"))
                .hasContent("summary");
        assertThat(dir.resolve("TEST09/performance/run_1/mlperf_log_detail.txt"))
                .hasContent("detail");
    }

    @Test
    void readsARunWrittenBeforeTheFolder() throws IOException {
        logs(dir);

        ComplianceFiles.write(dir, "TEST07", "verify_accuracy.txt", "TEST FAIL\n");

        assertThat(dir.resolve("TEST07/accuracy/mlperf_log_accuracy.json")).hasContent("[]");
        assertThat(dir.resolve("TEST07/performance/run_1/mlperf_log_detail.txt"))
                .hasContent("detail");
    }
}
