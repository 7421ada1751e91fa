package io.llmharness.report.view;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's file links: LoadGen's logs in the run's mlperf/ folder, or at the top level of an older run. */
class RunViewsFilesTest {

    @TempDir
    Path dir;

    @Test
    void linksLoadGensLogsInTheirFolder() throws IOException {
        Files.writeString(dir.resolve("summary.json"), "{}");
        Files.createDirectories(dir.resolve("mlperf"));
        Files.writeString(dir.resolve("mlperf/mlperf_log_summary.txt"), "s");
        Files.writeString(dir.resolve("mlperf/mlperf_log_detail.txt"), "d");
        Files.writeString(dir.resolve("harness.log"), "h");

        assertThat(RunViews.files(dir))
                .containsExactly(
                        "summary.json", "mlperf/mlperf_log_summary.txt", "mlperf/mlperf_log_detail.txt", "harness.log");
    }

    @Test
    void linksTheTopLevelLogsOfARunWrittenBeforeTheFolder() throws IOException {
        Files.writeString(dir.resolve("summary.json"), "{}");
        Files.writeString(dir.resolve("mlperf_log_summary.txt"), "s");
        Files.writeString(dir.resolve("mlperf_log_detail.txt"), "d");

        assertThat(RunViews.files(dir))
                .containsExactly("summary.json", "mlperf_log_summary.txt", "mlperf_log_detail.txt");
    }
}
