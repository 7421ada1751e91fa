package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.util.Locale;

/**
 * What a run measures ({@code --test-mode}). The mode selects the generation defaults, the dataset file (for
 * benchmarks with a separate accuracy file) and the LoadGen mode.
 */
public enum RunMode {
    /** Timed run; LoadGen {@code PerformanceOnly}. */
    PERFORMANCE("performance"),
    /** Every sample once, responses logged for the accuracy evaluator; LoadGen {@code AccuracyOnly}. */
    ACCURACY("accuracy"),
    /**
     * The TEST06 compliance run: performance settings and dataset, with the official audit.config (LoadGen mode 2,
     * about 100 sampled responses logged) and the verification of those responses afterwards.
     */
    TEST06("TEST06"),
    /**
     * gpt-oss-120b's TEST07 compliance run: accuracy in performance mode on the GPQA compliance set, with the
     * performance generation settings; every response logged (audit.config) and scored against 60.698.
     */
    TEST07("TEST07"),
    /**
     * gpt-oss-120b's TEST09 compliance run: the performance set in performance mode, every response logged
     * (audit.config), whose mean output length must lie within 1150.38 to 1406.02 tokens.
     */
    TEST09("TEST09"),

    /**
     * The highest Server QPS that meets the benchmark's latency limits; LoadGen {@code FindPeakPerformance}. Sends
     * what a performance run sends (same dataset, same sampling).
     */
    FIND_PEAK("find-peak");

    private final String cliName;

    RunMode(String cliName) {
        this.cliName = cliName;
    }

    /** Spelling on the command line and in reports: {@code performance}, {@code accuracy} or {@code find-peak}. */
    public String cliName() {
        return cliName;
    }

    /**
     * Parses {@code --test-mode}: {@code performance} / {@code accuracy} / {@code TEST06} / {@code TEST07} /
     * {@code TEST09} / {@code find-peak},
     * case-insensitive; LoadGen's {@code PerformanceOnly} / {@code AccuracyOnly} / {@code FindPeakPerformance} are
     * accepted too.
     *
     * @throws HarnessException usage error naming {@code --test-mode} and the accepted values
     */
    public static RunMode parse(String value) {
        String v = value == null
                ? ""
                : value.trim().toLowerCase(Locale.ROOT).replace("_", "").replace("-", "");
        return switch (v) {
            case "performance", "performanceonly", "perf" -> PERFORMANCE;
            case "accuracy", "accuracyonly", "acc" -> ACCURACY;
            case "test06" -> TEST06;
            case "test07" -> TEST07;
            case "test09" -> TEST09;
            case "findpeak", "findpeakperformance", "peak" -> FIND_PEAK;
            default ->
                throw HarnessException.usage("--test-mode '" + value
                        + "': unknown test mode; use performance, accuracy, TEST06, TEST07, TEST09 or find-peak");
        };
    }

    /** A compliance run (TEST06, TEST07, TEST09): performance mode under the test's audit.config, then verified. */
    public boolean compliance() {
        return this == TEST06 || this == TEST07 || this == TEST09;
    }

    @Override
    public String toString() {
        return cliName;
    }
}
