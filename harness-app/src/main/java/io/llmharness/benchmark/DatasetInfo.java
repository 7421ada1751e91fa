package io.llmharness.benchmark;

/**
 * The official dataset of a benchmark, for documentation and for checks on what the user passed.
 *
 * @param description source and composition in a few words
 * @param performanceFile usual file name of the performance set (as distributed by MLCommons)
 * @param accuracyFile usual file name of the accuracy set when it is a different file (gpt-oss-120b: prompts
 *     rendered with a different reasoning effort), else {@code null}
 */
public record DatasetInfo(String description, String performanceFile, String accuracyFile) {

    /** One file for both modes. */
    public static DatasetInfo single(String description, String file) {
        return new DatasetInfo(description, file, null);
    }

    /** Whether accuracy runs need a different file than performance runs. */
    public boolean separateAccuracyFile() {
        return accuracyFile != null;
    }
}
