package io.llmharness.benchmark;

/**
 * Latency constraints of one LoadGen model name in the Server scenario, as {@code mlperf.conf} sets them. All
 * values are 99th-percentile bounds in milliseconds; {@code null} = no such constraint.
 *
 * @param ttftMs time to first token limit (ms), token-latency benchmarks only
 * @param tpotMs time per output token limit (ms), token-latency benchmarks only
 * @param targetLatencyMs end-to-end latency limit (ms) for benchmarks without token latencies (qwen3-vl)
 */
public record LatencyLimits(Integer ttftMs, Integer tpotMs, Integer targetLatencyMs) {

    /** No latency constraint (Offline-only names, edge). */
    public static final LatencyLimits NONE = new LatencyLimits(null, null, null);

    /** TTFT and TPOT limits in milliseconds. */
    public static LatencyLimits tokens(int ttftMs, int tpotMs) {
        return new LatencyLimits(ttftMs, tpotMs, null);
    }

    /** End-to-end latency limit in milliseconds. */
    public static LatencyLimits endToEnd(int targetLatencyMs) {
        return new LatencyLimits(null, null, targetLatencyMs);
    }

    /** Short human form, e.g. {@code TTFT 2000 ms / TPOT 100 ms}, {@code p99 latency 12000 ms} or {@code none}. */
    public String describe() {
        if (ttftMs != null && tpotMs != null) {
            return "TTFT " + ttftMs + " ms / TPOT " + tpotMs + " ms";
        }
        if (targetLatencyMs != null) {
            return "p99 latency " + targetLatencyMs + " ms";
        }
        return "none";
    }
}
