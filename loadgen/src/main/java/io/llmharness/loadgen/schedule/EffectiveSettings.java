package io.llmharness.loadgen.schedule;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.loadgen.log.CFormat;
import java.util.function.Consumer;

/**
 * The settings a run actually uses (C++ {@code TestSettingsInternal}), derived from the requested
 * {@link TestSettings} and the QSL's counts. Immutable; {@link #withTargetQps} makes the variants
 * FindPeakPerformance tries.
 *
 * @param requested copy of the requested settings (after audit.config and test05)
 * @param samplesPerQuery samples per query (Offline: the whole run)
 * @param targetQps queries per second (Server rate; SS/MS/Offline hints)
 * @param targetLatencyNs latency bound in ns (Server; 0 elsewhere)
 * @param targetLatencyPercentile reported/checked percentile as a fraction
 * @param maxAsyncQueries Server outstanding-query limit (0 = none); 1 elsewhere
 * @param targetDurationMs duration after which a run may end, ms (0 for Offline)
 * @param minDurationMs minimum duration, ms
 * @param maxDurationMs maximum duration, ms (0 = none)
 * @param minQueryCount minimum queries
 * @param maxQueryCount maximum queries (0 = none)
 * @param minSampleCount minimum samples
 * @param performanceSampleCount size of the performance set
 * @param accuracySampleCount size of the accuracy set
 */
public record EffectiveSettings(
        TestSettings requested,
        Scenario scenario,
        TestMode mode,
        long samplesPerQuery,
        double targetQps,
        long targetLatencyNs,
        double targetLatencyPercentile,
        long maxAsyncQueries,
        long targetDurationMs,
        long minDurationMs,
        long maxDurationMs,
        long minQueryCount,
        long maxQueryCount,
        long minSampleCount,
        long qslRngSeed,
        long sampleIndexRngSeed,
        long scheduleRngSeed,
        long accuracyLogRngSeed,
        double accuracyLogProbability,
        long accuracyLogSamplingTarget,
        boolean printTimestamps,
        boolean performanceIssueUnique,
        boolean performanceIssueSame,
        long performanceIssueSameIndex,
        long performanceSampleCount,
        long accuracySampleCount,
        boolean sampleConcatenatePermutation,
        boolean useTokenLatencies,
        long serverTtftLatency,
        long serverTpotLatency,
        boolean inferTokenLatencies,
        long tokenLatencyScalingFactor) {

    /**
     * Derives the effective settings; invalid requests are reported to {@code errors} as
     * {@code error_invalid_test_settings} messages (LoadGen logs them and carries on).
     */
    public static EffectiveSettings of(
            TestSettings r, long qslPerformanceCount, long qslTotalCount, Consumer<String> errors) {
        double targetQps = 1;
        long maxAsync = 0;
        long targetLatency = 0;
        double percentile;
        switch (r.scenario) {
            case SINGLE_STREAM -> {
                targetQps = 1e9 / r.singleStreamExpectedLatencyNs;
                maxAsync = 1;
                percentile = r.singleStreamTargetLatencyPercentile;
            }
            case MULTI_STREAM -> {
                targetQps = 1e9 / r.multiStreamExpectedLatencyNs;
                maxAsync = 1;
                percentile = r.multiStreamTargetLatencyPercentile;
            }
            case SERVER -> {
                if (r.serverTargetQps >= 0.0) {
                    targetQps = r.serverTargetQps;
                } else {
                    errors.accept("Invalid value for server_target_qps requested. requested: "
                            + CFormat.g(r.serverTargetQps) + " using: " + CFormat.g(targetQps));
                }
                targetLatency = r.serverTargetLatencyNs;
                percentile = r.serverTargetLatencyPercentile;
                maxAsync = r.serverMaxAsyncQueries;
            }
            default -> {
                percentile = 0.99;
                if (r.offlineExpectedQps >= 0.0) {
                    targetQps = r.offlineExpectedQps;
                } else {
                    errors.accept("Invalid value for offline_expected_qps requested. requested: "
                            + CFormat.g(r.offlineExpectedQps) + " using: " + CFormat.g(targetQps));
                }
                maxAsync = 1;
            }
        }
        long perfCount = r.performanceSampleCountOverride == 0 ? qslPerformanceCount : r.performanceSampleCountOverride;
        long accCount = r.accuracySampleCountOverride == 0 ? qslTotalCount : r.accuracySampleCountOverride;
        long spq = r.scenario == Scenario.MULTI_STREAM ? r.multiStreamSamplesPerQuery : 1;
        long targetDurationMs = r.minDurationMs;
        long minQueryCount = r.minQueryCount;
        if (r.scenario == Scenario.OFFLINE) {
            long targetSampleCount = (long) (1.1 * (targetDurationMs / 1000.0) * targetQps);
            spq = r.performanceIssueUnique ? perfCount : Math.max(minQueryCount, targetSampleCount);
            minQueryCount = 1;
            targetDurationMs = 0;
        }
        if (r.sampleConcatenatePermutation && r.scenario == Scenario.SINGLE_STREAM) {
            long expected = (long) (2.0 * (targetDurationMs / 1000.0) * targetQps);
            minQueryCount = Math.max(minQueryCount, expected);
            if (qslPerformanceCount != 0) {
                // Uses the QSL-reported count (not the override) and adds a full block when already a multiple.
                minQueryCount += qslPerformanceCount - (minQueryCount % qslPerformanceCount);
            }
        }
        if (r.performanceIssueSame && Long.compareUnsigned(r.performanceIssueSameIndex, perfCount) >= 0) {
            errors.accept("Sample Idx to be repeated in performance_issue_same mode cannot be greater than loaded"
                    + " performance_sample_count. performance_issue_same_index: "
                    + Long.toUnsignedString(r.performanceIssueSameIndex) + " performance_sample_count: " + perfCount);
        }
        if (r.performanceIssueUnique && r.performanceIssueSame) {
            errors.accept("Performance_issue_unique and performance_issue_same, both cannot be true at the same time."
                    + " performance_issue_unique: 1 performance_issue_same: 1");
        }
        return new EffectiveSettings(
                r.copy(),
                r.scenario,
                r.mode,
                spq,
                targetQps,
                targetLatency,
                percentile,
                maxAsync,
                targetDurationMs,
                r.minDurationMs,
                r.maxDurationMs,
                minQueryCount,
                r.maxQueryCount,
                minQueryCount * spq,
                r.qslRngSeed,
                r.sampleIndexRngSeed,
                r.scheduleRngSeed,
                r.accuracyLogRngSeed,
                r.accuracyLogProbability,
                r.accuracyLogSamplingTarget,
                r.printTimestamps,
                r.performanceIssueUnique,
                r.performanceIssueSame,
                r.performanceIssueSameIndex,
                perfCount,
                accCount,
                r.sampleConcatenatePermutation,
                r.useTokenLatencies,
                r.serverTtftLatency,
                r.serverTpotLatency,
                r.inferTokenLatencies,
                r.tokenLatencyScalingFactor);
    }

    /** The same settings at another target QPS (FindPeakPerformance). */
    public EffectiveSettings withTargetQps(double qps) {
        return new EffectiveSettings(
                requested,
                scenario,
                mode,
                samplesPerQuery,
                qps,
                targetLatencyNs,
                targetLatencyPercentile,
                maxAsyncQueries,
                targetDurationMs,
                minDurationMs,
                maxDurationMs,
                minQueryCount,
                maxQueryCount,
                minSampleCount,
                qslRngSeed,
                sampleIndexRngSeed,
                scheduleRngSeed,
                accuracyLogRngSeed,
                accuracyLogProbability,
                accuracyLogSamplingTarget,
                printTimestamps,
                performanceIssueUnique,
                performanceIssueSame,
                performanceIssueSameIndex,
                performanceSampleCount,
                accuracySampleCount,
                sampleConcatenatePermutation,
                useTokenLatencies,
                serverTtftLatency,
                serverTpotLatency,
                inferTokenLatencies,
                tokenLatencyScalingFactor);
    }

    /** The accuracy-log probability of one run: {@code accuracy_log_probability}, or the sampling target's. */
    public double accuracyLogProbabilityForRun() {
        if (accuracyLogSamplingTarget <= 0) {
            return accuracyLogProbability;
        }
        long expected = (long) (targetQps * minDurationMs / 1000);
        long minimum = minQueryCount * samplesPerQuery;
        if (scenario != Scenario.OFFLINE) {
            expected *= samplesPerQuery;
        } else {
            minimum = minSampleCount;
        }
        expected = Math.max(expected, minimum);
        return (double) accuracyLogSamplingTarget / expected;
    }
}
