package io.llmharness.accuracy.test06;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The official TEST06 {@code audit.config}: a performance-mode run (mode 2) that logs about 100 sampled responses
 * (accuracy log seed 720381539243781796, sampling target 100) with at least 100 queries, no minimum duration and
 * equal-issue mode off. LoadGen applies it over every other setting.
 */
public final class Test06Audit {

    /** The file's content, keys for every model and scenario. */
    public static final String CONTENT = """
            # MLPerf TEST06 audit settings (written by llm-harness for --test-mode TEST06).
            # LoadGen applies them over user.conf: a performance run that logs about 100 sampled responses.
            *.*.mode = 2
            *.*.accuracy_log_rng_seed = 720381539243781796
            *.*.accuracy_log_sampling_target = 100
            *.*.min_query_count = 100
            *.*.min_duration = 0
            *.*.sample_concatenate_permutation = 0
            """;

    /** File name LoadGen looks for. */
    public static final String FILE = "audit.config";

    private Test06Audit() {}

    /** Writes {@code audit.config} into {@code dir} and returns its path. */
    public static Path write(Path dir) {
        Path file = dir.resolve(FILE);
        try {
            Files.writeString(file, CONTENT);
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + " (" + e.getMessage() + ")", e);
        }
        return file;
    }
}
