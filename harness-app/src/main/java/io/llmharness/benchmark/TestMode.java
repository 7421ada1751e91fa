package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.util.Locale;

/**
 * What a run measures ({@code --test-mode}). The mode selects the generation defaults, the dataset file (for
 * benchmarks with a separate accuracy file) and the LoadGen mode.
 */
public enum TestMode {
    /** Timed run; LoadGen {@code PerformanceOnly}. */
    PERFORMANCE("performance"),
    /** Every sample once, responses logged for the accuracy evaluator; LoadGen {@code AccuracyOnly}. */
    ACCURACY("accuracy"),
    /**
     * The TEST06 compliance run: performance settings and dataset, with the official audit.config (LoadGen mode 2,
     * about 100 sampled responses logged) and the verification of those responses afterwards.
     */
    TEST06("TEST06");

    private final String cliName;

    TestMode(String cliName) {
        this.cliName = cliName;
    }

    /** Spelling on the command line and in reports: {@code performance} or {@code accuracy}. */
    public String cliName() {
        return cliName;
    }

    /**
     * Parses {@code --test-mode}: {@code performance} / {@code accuracy} / {@code TEST06}, case-insensitive; LoadGen's
     * {@code PerformanceOnly} / {@code AccuracyOnly} are accepted too.
     *
     * @throws HarnessException usage error naming {@code --test-mode} and the accepted values
     */
    public static TestMode parse(String value) {
        String v = value == null
                ? ""
                : value.trim().toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
        return switch (v) {
            case "performance", "performanceonly", "perf" -> PERFORMANCE;
            case "accuracy", "accuracyonly", "acc" -> ACCURACY;
            case "test06" -> TEST06;
            default ->
                throw HarnessException.usage(
                        "--test-mode '" + value + "': unknown test mode; use performance, accuracy or TEST06");
        };
    }

    @Override
    public String toString() {
        return cliName;
    }
}
