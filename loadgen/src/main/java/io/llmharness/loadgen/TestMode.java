package io.llmharness.loadgen;

import java.util.Locale;

/** What a test runs; the numbers are the values of the {@code mode} key in config files. */
public enum TestMode {
    /** The full accuracy run, then the performance run, in one test and into the same log files. */
    SUBMISSION_RUN(0, "SubmissionRun"),
    /** Every sample of the accuracy set once, all responses logged. */
    ACCURACY_ONLY(1, "AccuracyOnly"),
    /** A timed performance run. */
    PERFORMANCE_ONLY(2, "PerformanceOnly"),
    /** Server only: searches the highest {@code server_target_qps} that meets the latency constraints. */
    FIND_PEAK_PERFORMANCE(3, "FindPeakPerformance");

    private final int configValue;
    private final String specName;

    TestMode(int configValue, String specName) {
        this.configValue = configValue;
        this.specName = specName;
    }

    /** The value of the {@code mode} key in config files (0..3). */
    public int configValue() {
        return configValue;
    }

    /** The name LoadGen logs, e.g. {@code PerformanceOnly}. */
    public String specName() {
        return specName;
    }

    /** The mode for a config value 0..3, or null when out of range. */
    public static TestMode fromConfigValue(long value) {
        for (TestMode m : values()) {
            if (m.configValue == value) {
                return m;
            }
        }
        return null;
    }

    /**
     * Parses a mode: spec name ({@code PerformanceOnly}, case-insensitive), the short forms {@code performance},
     * {@code accuracy}, {@code submission}, {@code findpeak}, or the config value 0..3.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static TestMode fromName(String name) {
        String wanted = name.replace(" ", "").replace("_", "").toLowerCase(Locale.ROOT);
        for (TestMode m : values()) {
            String spec = m.specName.toLowerCase(Locale.ROOT);
            if (spec.equals(wanted) || Integer.toString(m.configValue).equals(wanted)) {
                return m;
            }
        }
        return switch (wanted) {
            case "performance" -> PERFORMANCE_ONLY;
            case "accuracy" -> ACCURACY_ONLY;
            case "submission" -> SUBMISSION_RUN;
            case "findpeak" -> FIND_PEAK_PERFORMANCE;
            default ->
                throw new IllegalArgumentException("unknown test mode '" + name
                        + "'; expected one of SubmissionRun, AccuracyOnly, PerformanceOnly, FindPeakPerformance"
                        + " (or 0..3, performance, accuracy, submission, findpeak)");
        };
    }
}
