package io.llmharness.accuracy.compliance;

import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.log.RunLogFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The files a TEST07 or TEST09 verification leaves, as the official {@code run_verification.py} lays them out in
 * {@code TESTxx/}: the verification file, {@code accuracy/mlperf_log_accuracy.json} and
 * {@code performance/run_1/mlperf_log_summary.txt} and {@code mlperf_log_detail.txt}, copied from the run.
 */
public final class ComplianceFiles {

    private ComplianceFiles() {}

    /**
     * Writes {@code TEST/<verifyName>} under {@code runDir} and copies the run's logs beside it.
     *
     * @return the verification file
     */
    public static Path write(Path runDir, String test, String verifyName, String text) {
        Path dir = runDir.resolve(test);
        Path verify = dir.resolve(verifyName);
        try {
            Files.createDirectories(dir.resolve("accuracy"));
            Files.createDirectories(dir.resolve("performance/run_1"));
            Files.writeString(verify, text);
            copy(RunLogFolder.find(runDir, RunLogFolder.ACCURACY), dir.resolve("accuracy"));
            copy(RunLogFolder.find(runDir, RunLogFolder.SUMMARY), dir.resolve("performance/run_1"));
            copy(RunLogFolder.find(runDir, RunLogFolder.DETAIL), dir.resolve("performance/run_1"));
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + verify + " (" + e.getMessage() + ")", e);
        }
        return verify;
    }

    private static void copy(Path file, Path into) throws IOException {
        if (Files.isRegularFile(file)) {
            Files.copy(
                    file,
                    into.resolve(file.getFileName().toString()),
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        }
    }
}
