package io.llmharness.loadgen.results;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.schedule.EffectiveSettings;

/**
 * Everything the reports say about one performance run, computed once from a {@link RunRecord} with the C++
 * LoadGen's arithmetic. Immutable; the summary and detail writers are formats over this model.
 *
 * @param sutName the SUT's name
 * @param settings settings of the run
 * @param queriesIssued queries issued
 * @param sampleCount samples issued
 * @param overlatencyQueryCount Server: samples with latency >= target_latency + 1 ns
 * @param samples per-sample latency statistics
 * @param queries MultiStream per-query latency statistics ({@link LatencyStats#EMPTY}-like zeros elsewhere)
 * @param tokenCount token mode: sum of valid {@code n_tokens}
 * @param firstToken token mode: time-to-first-token statistics
 * @param timePerOutputToken token mode: time-per-output-token statistics
 * @param earlyStoppingLatencySs {@code early_stopping_latency_ss}, ns
 * @param earlyStoppingLatencyMs {@code early_stopping_latency_ms}, ns
 * @param validity the validity checks
 * @param maxLatencySeconds largest latency, s
 * @param finalQueryScheduledTime see {@link RunRecord}
 * @param finalQueryIssuedTime see {@link RunRecord}
 * @param finalQueryAllSamplesDoneTime see {@link RunRecord}
 */
public record PerformanceSummary(
        String sutName,
        EffectiveSettings settings,
        long queriesIssued,
        long sampleCount,
        long overlatencyQueryCount,
        LatencyStats samples,
        LatencyStats queries,
        long tokenCount,
        LatencyStats firstToken,
        LatencyStats timePerOutputToken,
        long earlyStoppingLatencySs,
        long earlyStoppingLatencyMs,
        Validity validity,
        double maxLatencySeconds,
        double finalQueryScheduledTime,
        double finalQueryIssuedTime,
        double finalQueryAllSamplesDoneTime) {

    /** Computes the summary; sorts the record's arrays in place. */
    public static PerformanceSummary of(String sutName, RunRecord r) {
        EffectiveSettings s = r.settings();
        int n = r.sampleCount();
        double p = s.targetLatencyPercentile();
        LatencyStats samples = LatencyStats.of(r.sampleLatencies(), n, n, p);
        long overlatency = s.scenario() == Scenario.SERVER
                ? Percentiles.countAtLeast(r.sampleLatencies(), n, s.targetLatencyNs() + 1)
                : 0;
        int queryCount = (int) Math.min(r.queryLatencies().length, r.queriesIssued());
        LatencyStats queries = s.scenario() == Scenario.MULTI_STREAM
                ? LatencyStats.of(r.queryLatencies(), queryCount, queryCount, p)
                : LatencyStats.EMPTY;
        long tokenCount = 0;
        LatencyStats ttft = LatencyStats.EMPTY;
        LatencyStats tpot = LatencyStats.EMPTY;
        if (s.useTokenLatencies()) {
            for (int i = 0; i < n; i++) {
                tokenCount += r.tokensPerSample()[i];
            }
            ttft = LatencyStats.of(r.firstTokenLatencies(), n, n, p);
            tpot = LatencyStats.of(r.timePerOutputToken(), n, n, p);
        }
        long[] sortedQueries = s.scenario() == Scenario.MULTI_STREAM ? r.queryLatencies() : new long[0];
        long esSs = 0;
        long esMs = 0;
        String esText = "";
        String ttftText = "";
        String tpotText = "";
        boolean esMet;
        if (!s.useTokenLatencies()) {
            EarlyStopping.Outcome o = EarlyStopping.evaluate(
                    s.scenario(), r.queriesIssued(), r.sampleLatencies(), sortedQueries, p, s.targetLatencyNs());
            esMet = o.met();
            esText = o.text();
            esSs = o.latencySs() != null ? o.latencySs() : esSs;
            esMs = o.latencyMs() != null ? o.latencyMs() : esMs;
        } else {
            EarlyStopping.Outcome tp = EarlyStopping.evaluate(
                    s.scenario(), r.queriesIssued(), r.timePerOutputToken(), sortedQueries, p, s.serverTpotLatency());
            tpotText = tp.text();
            esSs = tp.latencySs() != null ? tp.latencySs() : esSs;
            esMs = tp.latencyMs() != null ? tp.latencyMs() : esMs;
            esMet = tp.met();
            if (tp.met()) {
                EarlyStopping.Outcome tf = EarlyStopping.evaluate(
                        s.scenario(),
                        r.queriesIssued(),
                        r.firstTokenLatencies(),
                        sortedQueries,
                        p,
                        s.serverTtftLatency());
                ttftText = tf.text();
                esSs = tf.latencySs() != null ? tf.latencySs() : esSs;
                esMs = tf.latencyMs() != null ? tf.latencyMs() : esMs;
                esMet = tf.met();
            }
        }
        Validity validity = new Validity(
                minDurationMet(s, r),
                minDurationMet(s, r) ? "" : minDurationAdvice(s.scenario()),
                r.queriesIssued() >= s.minQueryCount() && n >= s.minSampleCount(),
                perfConstraintsAdvice(s, samples, ttft, tpot).isEmpty(),
                perfConstraintsAdvice(s, samples, ttft, tpot),
                esMet,
                esText,
                ttftText,
                tpotText);
        return new PerformanceSummary(
                sutName,
                s,
                r.queriesIssued(),
                n,
                overlatency,
                samples,
                queries,
                tokenCount,
                ttft,
                tpot,
                esSs,
                esMs,
                validity,
                r.maxLatencySeconds(),
                r.finalQueryScheduledTime(),
                r.finalQueryIssuedTime(),
                r.finalQueryAllSamplesDoneTime());
    }

    /** The Server performance constraint alone (what FindPeakPerformance checks). */
    public boolean perfConstraintsMet() {
        return validity.perfConstraintsMet();
    }

    private static boolean minDurationMet(EffectiveSettings s, RunRecord r) {
        double min = s.minDurationMs() / 1000.0;
        return switch (s.scenario()) {
            case OFFLINE -> r.maxLatencySeconds() >= min;
            case SERVER -> r.finalQueryScheduledTime() >= min;
            default -> r.finalQueryIssuedTime() >= min;
        };
    }

    private static String minDurationAdvice(Scenario scenario) {
        return switch (scenario) {
            case SINGLE_STREAM, MULTI_STREAM ->
                "Decrease the expected latency so the loadgen pre-generates more queries.";
            case SERVER -> "Increase the target QPS so the loadgen pre-generates more queries.";
            case OFFLINE -> "Increase expected QPS so the loadgen pre-generates a larger (coalesced) query.";
        };
    }

    private static String perfConstraintsAdvice(
            EffectiveSettings s, LatencyStats samples, LatencyStats ttft, LatencyStats tpot) {
        if (s.scenario() != Scenario.SERVER) {
            return "";
        }
        if (!s.useTokenLatencies()) {
            return samples.target() > s.targetLatencyNs() ? "Reduce target QPS to improve latency." : "";
        }
        String advice = "";
        if (ttft.target() > s.serverTtftLatency()) {
            advice = "TTFT constrain not met: Reduce target QPS to improve latency.";
        }
        if (tpot.target() > s.serverTpotLatency()) {
            advice = advice.isEmpty()
                    ? "TPOT constrain not met: Reduce target QPS to improve latency."
                    : advice + "\n * TPOT constrain not met: Reduce target QPS to improve latency.";
        }
        return advice;
    }

    /** SingleStream: {@code (sample_count - 1) / final_query_issued_time}. */
    public double qpsWithLoadgenOverhead() {
        return rate(sampleCount - 1, finalQueryIssuedTime);
    }

    /** SingleStream: {@code 1 / mean latency (s)}. */
    public double qpsWithoutLoadgenOverhead() {
        return rate(1, samples.mean() / 1e9);
    }

    /** Server: {@code (sample_count - 1) / final_query_scheduled_time}. */
    public double scheduledSamplesPerSecond() {
        return rate(sampleCount - 1, finalQueryScheduledTime);
    }

    /** Server: {@code (sample_count - 1) / final_query_all_samples_done_time}. */
    public double completedSamplesPerSecond() {
        return rate(sampleCount - 1, finalQueryAllSamplesDoneTime);
    }

    /** Offline: {@code sample_count / max_latency}. */
    public double samplesPerSecond() {
        return rate(sampleCount, maxLatencySeconds);
    }

    /** Offline token mode: {@code token_count / max_latency}. */
    public double tokensPerSecond() {
        return rate(tokenCount, maxLatencySeconds);
    }

    /** Token mode: {@code token_count / final_query_issued_time}. */
    public double tokenThroughputWithLoadgenOverhead() {
        return rate(tokenCount, finalQueryIssuedTime);
    }

    /** Detail {@code result_token_throughput}: tokens per ns (the C++ unit slip, kept on purpose). */
    public double tokenThroughputPerNs() {
        return rate(tokenCount, (double) (samples.mean() * sampleCount));
    }

    /** Summary SingleStream "TPS w/o loadgen overhead": tokens / (mean latency in s x sample count). */
    public double tokensPerSecondWithoutLoadgenOverhead() {
        return rate(tokenCount, (samples.mean() / 1e9) * sampleCount);
    }

    /** Token mode: {@code token_count / final_query_all_samples_done_time}. */
    public double completedTokensPerSecond() {
        return rate(tokenCount, finalQueryAllSamplesDoneTime);
    }

    /** Server inferred: {@code scaling x (sample_count - 1) / final_query_all_samples_done_time}. */
    public double inferredCompletedTokensPerSecond() {
        return rate(settings.tokenLatencyScalingFactor() * (sampleCount - 1), finalQueryAllSamplesDoneTime);
    }

    /** Offline inferred: {@code scaling x sample_count / max_latency}. */
    public double inferredTokensPerSecond() {
        return rate(settings.tokenLatencyScalingFactor() * sampleCount, maxLatencySeconds);
    }

    /** Whether any sample was measured: a run interrupted or aborted before its first answer measured none. */
    public boolean measured() {
        return sampleCount > 0;
    }

    /**
     * {@code count / time} with the C++ arithmetic, or 0 when nothing was measured or the time is zero (a run
     * interrupted during its warm-up): never the {@code inf} or {@code nan} of a division by zero. A run LoadGen
     * completes always has samples and a positive time, so its figures are unchanged.
     */
    private double rate(double count, double time) {
        if (sampleCount <= 0 || !(time > 0)) {
            return 0;
        }
        return count / time;
    }
}
