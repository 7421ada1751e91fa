package io.llmharness.accuracy.compliance;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The audit.config files of gpt-oss-120b's TEST07 and TEST09 (v6.0): performance mode (2) with the compliance
 * accuracy-log seed, every sample issued once and logged, no minimum duration, equal-issue off. The {@code test07_*}
 * and {@code test09_*} keys are read by the verification only; LoadGen ignores them.
 */
public enum GptOssAudit {

    /** Accuracy in performance mode on the 990-row GPQA compliance set, gated at 60.698. */
    TEST07("""
            # MLPerf TEST07 audit settings for gpt-oss-120b (written by llm-harness for --test-mode TEST07).
            # LoadGen applies them over user.conf: a performance run over the GPQA compliance set, every response logged.
            *.*.mode = 2
            *.*.accuracy_log_rng_seed = 720381539243781796
            *.*.accuracy_log_sampling_target = 990
            *.*.min_query_count = 990
            *.*.min_duration = 0
            *.*.performance_issue_unique = 1
            *.*.sample_concatenate_permutation = 0
            # read by the verification, not by LoadGen
            *.*.test07_accuracy_threshold = 60.698
            """),

    /** Output length in performance mode on the 6396-row performance set, mean within 1278.20 +/- 10 %. */
    TEST09("""
            # MLPerf TEST09 audit settings for gpt-oss-120b (written by llm-harness for --test-mode TEST09).
            # LoadGen applies them over user.conf: a performance run over the performance set, every response logged.
            *.*.mode = 2
            *.*.accuracy_log_rng_seed = 720381539243781796
            *.*.accuracy_log_sampling_target = 10000
            *.*.min_query_count = 6396
            *.*.min_duration = 0
            *.*.performance_issue_unique = 1
            *.*.sample_concatenate_permutation = 0
            # read by the verification, not by LoadGen: 1278.20 tokens -10 % / +10 %
            *.*.test09_min_output_tokens = 1150.38
            *.*.test09_max_output_tokens = 1406.02
            """);

    /** TEST07's lowest passing exact_match. */
    public static final double TEST07_THRESHOLD = 60.698;

    /** TEST09's lowest passing mean output length. */
    public static final double TEST09_MIN_TOKENS = 1150.38;

    /** TEST09's highest passing mean output length. */
    public static final double TEST09_MAX_TOKENS = 1406.02;

    /** File name LoadGen looks for. */
    public static final String FILE = "audit.config";

    private final String content;

    GptOssAudit(String content) {
        this.content = content;
    }

    /** The file's content. */
    public String content() {
        return content;
    }

    /** Writes {@code audit.config} into {@code dir} and returns its path. */
    public Path write(Path dir) {
        Path file = dir.resolve(FILE);
        try {
            Files.writeString(file, content);
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + " (" + e.getMessage() + ")", e);
        }
        return file;
    }
}
