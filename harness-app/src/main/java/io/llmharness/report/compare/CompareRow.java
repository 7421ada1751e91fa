package io.llmharness.report.compare;

import io.llmharness.report.SummaryDoc;
import java.util.List;
import java.util.function.Function;

/**
 * One metric compared across runs.
 *
 * @param label what it is, with its unit
 * @param higherIsBetter whether a larger value is an improvement (null for neither)
 * @param value how a run's summary gives it (null when the run has none)
 */
record CompareRow(String label, Boolean higherIsBetter, Function<SummaryDoc, Double> value) {

    static final List<CompareRow> ROWS = List.of(
            new CompareRow("requests ok", true, d -> d.number("metrics", "requests", "succeeded")),
            new CompareRow("requests failed", false, d -> d.number("metrics", "requests", "failed")),
            new CompareRow("failure rate %", false, d -> percent(d.number("metrics", "failure_rate"))),
            new CompareRow("duration s", null, d -> d.number("metrics", "window", "duration_s")),
            new CompareRow("requests/s", true, d -> d.number("metrics", "throughput", "requests_per_second")),
            new CompareRow("output tokens/s", true, d -> d.number("metrics", "throughput", "output_tokens_per_second")),
            new CompareRow(
                    "goodput requests/s", true, d -> d.number("metrics", "throughput", "goodput_requests_per_second")),
            latency("TTFT p50 ms", "ttft", "p50"),
            latency("TTFT p90 ms", "ttft", "p90"),
            latency("TTFT p99 ms", "ttft", "p99"),
            latency("TPOT p50 ms", "tpot", "p50"),
            latency("TPOT p99 ms", "tpot", "p99"),
            latency("ITL p50 ms", "itl_chunk", "p50"),
            latency("ITL p99 ms", "itl_chunk", "p99"),
            latency("E2E latency p50 ms", "e2e_latency", "p50"),
            latency("E2E latency p99 ms", "e2e_latency", "p99"),
            latency("schedule delay p99 ms", "schedule_delay", "p99"),
            server("server: running requests (mean)", null, "running_requests", 1),
            server("server: waiting requests (mean)", false, "waiting_requests", 1),
            server("server: KV-cache usage % (mean)", null, "kv_cache_usage", 100),
            server("server: prefix-cache hit rate %", true, "prefix_cache_hit_rate", 100),
            server("server: generation tokens/s", true, "generation_tokens_per_second", 1));

    private static CompareRow latency(String label, String metric, String p) {
        return new CompareRow(label, false, d -> d.number("metrics", "latency", metric, p));
    }

    /** A server signal's mean over a run of one stage (for several stages there is no single figure). */
    private static CompareRow server(String label, Boolean higher, String signal, double scale) {
        return new CompareRow(label, higher, d -> {
            var stages = d.at("server_metrics", "stages");
            if (stages.size() != 1 || !stages.get(0).path(signal).path("mean").isNumber()) {
                return null;
            }
            return stages.get(0).path(signal).path("mean").doubleValue() * scale;
        });
    }

    private static Double percent(Double ratio) {
        return ratio == null ? null : ratio * 100;
    }
}
