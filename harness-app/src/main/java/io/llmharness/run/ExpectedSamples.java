package io.llmharness.run;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;

/**
 * An estimate of the samples a LoadGen test will issue, for the progress display's percentage and ETA only
 * (LoadGen decides the real count): accuracy runs issue every sample once; Offline one query sized from
 * {@code min_query_count}, {@code min_duration} and the expected QPS; Server about {@code min_duration × QPS}
 * queries, at least {@code min_query_count}; equal issue rounds up to whole passes over the dataset.
 * SingleStream and MultiStream depend on the latency, so they give 0 (unknown).
 */
final class ExpectedSamples {

    private ExpectedSamples() {}

    static long of(TestSettings s, long rows) {
        if (s.mode == TestMode.ACCURACY_ONLY) {
            long acc = s.accuracySampleCountOverride;
            return acc > 0 ? Math.min(acc, rows) : rows;
        }
        if (s.mode == TestMode.FIND_PEAK_PERFORMANCE) {
            return 0; // how many runs a peak search takes depends on the latencies
        }
        long n;
        if (s.scenario == Scenario.OFFLINE) {
            n = Math.max(s.minQueryCount, (long) (1.1 * s.minDurationMs / 1000.0 * s.offlineExpectedQps));
        } else if (s.scenario == Scenario.SERVER) {
            n = Math.max(s.minQueryCount, (long) (s.minDurationMs / 1000.0 * s.serverTargetQps));
        } else {
            return 0;
        }
        if (s.sampleConcatenatePermutation && rows > 0 && n % rows != 0) {
            n += rows - n % rows;
        }
        if (s.maxQueryCount > 0 && s.scenario == Scenario.SERVER) {
            n = Math.min(n, s.maxQueryCount);
        }
        return n;
    }
}
