package io.llmharness.loadgen.results;

import io.llmharness.loadgen.schedule.EffectiveSettings;

/**
 * What one performance run measured, before any statistics (C++ {@code PerformanceResult}). Arrays are
 * owned by the record and may be longer than {@link #sampleCount()}; only the first {@code sampleCount}
 * entries (in sample order) are meaningful. {@link PerformanceSummary} sorts them in place.
 *
 * @param settings the settings the run used
 * @param queriesIssued queries issued
 * @param sampleCount samples issued (= latencies recorded)
 * @param sampleLatencies latency per sample, ns from the query's scheduled time
 * @param queryLatencies MultiStream: latency per query (last sample done - scheduled), else empty
 * @param maxLatencyNs largest latency seen, ns
 * @param finalQueryScheduledTime last issued query's scheduled offset, s
 * @param finalQueryIssuedTime last issued query's issue time since the run start, s
 * @param finalQueryAllSamplesDoneTime completion of the last issued query since the run start, s
 * @param firstTokenLatencies token mode: time to first token per sample, ns (else null)
 * @param timePerOutputToken token mode: time per output token per sample, ns (else null)
 * @param tokensPerSample token mode: output tokens per sample (else null)
 */
public record RunRecord(
        EffectiveSettings settings,
        long queriesIssued,
        int sampleCount,
        long[] sampleLatencies,
        long[] queryLatencies,
        long maxLatencyNs,
        double finalQueryScheduledTime,
        double finalQueryIssuedTime,
        double finalQueryAllSamplesDoneTime,
        long[] firstTokenLatencies,
        long[] timePerOutputToken,
        long[] tokensPerSample) {

    /** Largest latency in seconds. */
    public double maxLatencySeconds() {
        return maxLatencyNs / 1e9;
    }
}
