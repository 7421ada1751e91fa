package io.llmharness.metrics;

import io.llmharness.tokenizer.TokenCountCheck;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The workload metric table of one stage (or of the whole run): every number of the seed's metric table under its
 * canonical name. Durations in nanoseconds, tokens in tokens, rates per second. Latency and token statistics cover
 * successful requests (the harness's own {@code schedule_delay} and {@code connection_wait} cover all); failures are
 * counted apart with their reasons.
 *
 * @param requests requests the stage issued (successes + failures)
 * @param succeeded successful requests
 * @param durationNs benchmark duration: first scheduled start → last completion
 * @param load requested and achieved rate, concurrency
 * @param latency canonical name → statistics ({@link #METRICS})
 * @param inputTokens per-request input tokens (server usage, else the client's count)
 * @param outputTokens per-request output tokens (server usage or token ids, else one per chunk)
 * @param inputTotal input tokens of successful requests
 * @param outputTotal output tokens of successful requests
 * @param throughput rates over the duration
 * @param tokenCounts client-side output counts beside the server's
 * @param goodput goodput against SLOs, or null without SLOs
 * @param failures failures by kind and message, and {@code failure_rate}
 */
public record StageMetrics(
        long requests,
        long succeeded,
        long durationNs,
        StageLoad load,
        Map<String, SummaryStats> latency,
        SummaryStats inputTokens,
        SummaryStats outputTokens,
        long inputTotal,
        long outputTotal,
        Rates throughput,
        TokenCounts tokenCounts,
        Goodput goodput,
        FailureSummary failures) {

    /** Per-request latency metric names, in report order. */
    public static final List<String> METRICS = List.of(
            "ttft",
            "ttft_from_send",
            "tpot",
            "itl_token",
            "itl_chunk",
            "ntpot",
            "time_per_request",
            "e2e_latency",
            "e2e_latency_from_send",
            "schedule_delay",
            "connection_wait");

    public StageMetrics {
        latency = Collections.unmodifiableMap(new LinkedHashMap<>(latency));
    }

    /** Statistics of one latency metric. */
    public SummaryStats latency(String name) {
        SummaryStats s = latency.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown metric " + name);
        }
        return s;
    }

    /** Benchmark duration in seconds. */
    public double durationSeconds() {
        return durationNs / 1e9;
    }

    /**
     * Throughput over the stage's duration; NaN when the duration is 0.
     *
     * @param outputTokensPerSecond output tokens of successful requests per second
     * @param inputTokensPerSecond input tokens of successful requests per second
     * @param totalTokensPerSecond both together
     * @param requestsPerSecond successful requests per second
     */
    public record Rates(
            double outputTokensPerSecond,
            double inputTokensPerSecond,
            double totalTokensPerSecond,
            double requestsPerSecond) {}

    /**
     * Client-side output token counts beside the server's.
     *
     * @param source where the per-request output counts come from ("server usage", "token ids", "chunk estimate")
     * @param check the client's count against the server's, over successful requests with a client count (those
     *     whose count the server did not report are {@code withoutUsage})
     * @param clientTotal output tokens by the client's count (successful requests with a client count)
     */
    public record TokenCounts(String source, TokenCountCheck.Result check, long clientTotal) {

        /** Successful requests with both a server count and a client count. */
        public long compared() {
            return check.compared();
        }

        /** Of those, how many disagree. */
        public long mismatches() {
            return check.mismatched();
        }

        /** mismatches / compared, NaN when nothing was compared. */
        public double mismatchRate() {
            return check.mismatchRate();
        }
    }

    /**
     * Goodput against service-level objectives.
     *
     * @param slos the objectives
     * @param goodRequests successful requests meeting every objective
     * @param requestsPerSecond good requests per second
     * @param tokensPerSecond output tokens of good requests per second
     * @param attainment per objective (canonical metric name): fraction of successful requests meeting it
     */
    public record Goodput(
            SloSpec slos,
            long goodRequests,
            double requestsPerSecond,
            double tokensPerSecond,
            Map<String, Double> attainment) {

        public Goodput {
            attainment = Collections.unmodifiableMap(new LinkedHashMap<>(attainment));
        }
    }
}
