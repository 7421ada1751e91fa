package io.llmharness.loadgen.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LoadGen's folder in a run directory, and the older runs without it. */
class RunLogFolderTest {

    @TempDir
    Path dir;

    @Test
    void findsALogInTheFolderFirst() throws IOException {
        Files.createDirectories(dir.resolve("mlperf"));
        Files.writeString(dir.resolve("mlperf/mlperf_log_detail.txt"), "new");
        Files.writeString(dir.resolve("mlperf_log_detail.txt"), "old");

        assertThat(RunLogFolder.find(dir, RunLogFolder.DETAIL)).isEqualTo(dir.resolve("mlperf/mlperf_log_detail.txt"));
        assertThat(RunLogFolder.relative(dir, RunLogFolder.DETAIL)).isEqualTo("mlperf/mlperf_log_detail.txt");
    }

    @Test
    void findsTheTopLevelLogOfAnOlderRun() throws IOException {
        Files.writeString(dir.resolve("mlperf_log_accuracy.json"), "[]");

        assertThat(RunLogFolder.find(dir, RunLogFolder.ACCURACY)).isEqualTo(dir.resolve("mlperf_log_accuracy.json"));
        assertThat(RunLogFolder.relative(dir, RunLogFolder.ACCURACY)).isEqualTo("mlperf_log_accuracy.json");
    }

    @Test
    void namesThePathInTheFolderWhenTheLogIsNowhere() {
        assertThat(RunLogFolder.find(dir, RunLogFolder.SUMMARY))
                .isEqualTo(dir.resolve("mlperf/mlperf_log_summary.txt"));
    }

    @Test
    void theFolderAndItsFilesStandForTheirRunDirectory() throws IOException {
        Path run = dir.resolve("run");
        Path folder = Files.createDirectories(run.resolve("mlperf"));
        Path log = Files.writeString(folder.resolve("mlperf_log_accuracy.json"), "[]");
        Path flat = Files.writeString(run.resolve("mlperf_log_accuracy.json"), "[]");

        assertThat(RunLogFolder.runDirOf(run)).isEqualTo(run);
        assertThat(RunLogFolder.runDirOf(folder)).isEqualTo(run);
        assertThat(RunLogFolder.runDirOf(log)).isEqualTo(run);
        assertThat(RunLogFolder.runDirOf(flat)).isEqualTo(run);
    }
}
