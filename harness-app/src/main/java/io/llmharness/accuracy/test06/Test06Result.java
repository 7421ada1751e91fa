package io.llmharness.accuracy.test06;

import io.llmharness.accuracy.AccuracyLogReader;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The three TEST06 verdicts and the first problem each found.
 *
 * @param firstToken first-token check; null when skipped (Offline)
 * @param eos EOS check
 * @param length sample-length check
 * @param problems what failed, one line each (for the terminal; the official file has only the verdict lines)
 */
public record Test06Result(Boolean firstToken, boolean eos, boolean length, List<String> problems) {

    public Test06Result {
        problems = List.copyOf(problems);
    }

    /** Whether every executed check passed. */
    public boolean passed() {
        return !Boolean.FALSE.equals(firstToken) && eos && length;
    }

    /** {@code verify_accuracy.txt} in the official wording. */
    public List<String> lines() {
        return List.of(
                "First token check pass: " + (firstToken == null ? "Skipped" : py(firstToken)),
                "EOS check pass: " + py(eos),
                "Sample length check pass: " + py(length),
                "TEST06 verification " + (passed() ? "complete" : "failed"));
    }

    private static String py(boolean b) {
        return b ? "True" : "False";
    }

    /**
     * Writes {@code TEST06/verify_accuracy.txt} under {@code outputDir} and copies the log to
     * {@code TEST06/accuracy/mlperf_log_accuracy.json}, as the official verifier lays them out.
     *
     * @return the verify_accuracy.txt path
     */
    public Path write(Path outputDir, Path log) {
        Path test = outputDir.resolve("TEST06");
        Path verify = test.resolve("verify_accuracy.txt");
        try {
            Files.createDirectories(test.resolve("accuracy"));
            Files.writeString(verify, String.join("\n", lines()) + "\n");
            Files.copy(
                    log,
                    test.resolve("accuracy").resolve(AccuracyLogReader.FILE),
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + verify + " (" + e.getMessage() + ")", e);
        }
        return verify;
    }
}
