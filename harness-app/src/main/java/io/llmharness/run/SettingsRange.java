package io.llmharness.run;

import io.llmharness.error.HarnessException;
import io.llmharness.loadgen.TestSettings;

/**
 * One range check for the LoadGen settings a run ends up with, whichever source set them — mlperf.conf,
 * {@code --user-conf}, the flags or {@code --set}: the flags refuse a negative rate, so a user.conf or a
 * {@code --set} must not sneak one past them. Unsigned fields cannot be negative by the time they get here (the
 * user.conf lint and {@code --set} refuse a minus sign); the rates and percentiles are doubles and are checked here.
 */
final class SettingsRange {

    private static final String SOURCES = " (after mlperf.conf, --user-conf, the flags and --set)";

    private SettingsRange() {}

    /** Throws a config error naming the field when a value the scenario uses is out of range. */
    static void check(TestSettings s) {
        switch (s.scenario) {
            case SERVER -> {
                positive("server_target_qps", s.serverTargetQps);
                percentile("server_target_latency_percentile", s.serverTargetLatencyPercentile);
            }
            case OFFLINE -> positive("offline_expected_qps", s.offlineExpectedQps);
            case SINGLE_STREAM -> {
                positive("single_stream_expected_latency_ns", s.singleStreamExpectedLatencyNs);
                percentile("single_stream_target_latency_percentile", s.singleStreamTargetLatencyPercentile);
            }
            case MULTI_STREAM -> {
                positive("multi_stream_expected_latency_ns", s.multiStreamExpectedLatencyNs);
                percentile("multi_stream_target_latency_percentile", s.multiStreamTargetLatencyPercentile);
            }
        }
    }

    private static void positive(String field, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw HarnessException.config(field + " is " + v + SOURCES + ": must be a positive number; fix the"
                    + " user.conf line or --set value that gives it");
        }
    }

    private static void percentile(String field, double v) {
        if (!(v > 0 && v <= 1)) {
            throw HarnessException.config(field + " is " + v + SOURCES + ": must be in (0, 1], e.g. 0.99");
        }
    }
}
