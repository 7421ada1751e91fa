package io.llmharness.metrics.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code successes} object of inference-perf's Prometheus report ({@code summary_prometheus_metrics.json},
 * {@code stage_<id>_prometheus_metrics.json}) from the answers per field, with inference-perf's keys, order and
 * meanings: {@code count} is the increase of the success counter, {@code prompt_len.mean} and
 * {@code output_len.mean} are average per-second rates of the token counters (inference-perf's own reading),
 * distributions are {@code {mean, median, p90, p99}}, cache hit percentages are 100 × hits / queries.
 */
public final class PromSummary {

    /** The distribution fields in report order, with the metric field each reads. */
    private static final String[][] DISTRIBUTIONS = {
        {"request_latency", "request_latency"},
        {"time_to_first_token", "time_to_first_token"},
        {"time_per_output_token", "time_per_output_token"},
        {"kv_cache_usage_percentage", "kv_cache_usage"},
    };

    private static final String[] LIFECYCLE = {
        "request_queue_time",
        "request_inference_time",
        "request_prefill_time",
        "request_decode_time",
        "request_prompt_tokens",
        "request_generation_tokens",
        "request_max_num_generation_tokens",
        "request_params_n",
        "request_params_max_tokens",
    };

    private static final String[] KV_BLOCKS = {
        "request_prefill_kv_computed_tokens", "kv_block_idle_before_evict", "kv_block_lifetime", "kv_block_reuse_gap",
    };

    private PromSummary() {}

    /** The {@code successes} object; a field without an answer counts 0. */
    public static Map<String, Object> successes(Map<String, PromValue> v) {
        Map<String, Object> s = new LinkedHashMap<>();
        PromValue requests = get(v, "requests");
        s.put("count", requests.total());
        s.put("rate", requests.perSecond());
        s.put("prompt_len", meanRate(get(v, "prompt_tokens")));
        s.put("output_len", meanRate(get(v, "output_tokens")));
        s.put("queue_len", mean(get(v, "queue_length").avg()));
        for (String[] d : DISTRIBUTIONS) {
            s.put(d[0], distribution(get(v, d[1])));
        }
        s.put("num_requests_swapped", mean(get(v, "num_requests_swapped").total()));
        s.put("num_preemptions_total", mean(get(v, "num_preemptions_total").total()));
        s.put("prefix_cache_hit_percent", mean(percent(v, "prefix_cache_hits", "prefix_cache_queries")));
        s.put("inter_token_latency", distribution(get(v, "inter_token_latency")));
        s.put("num_requests_running", mean(get(v, "num_requests_running").avg()));
        for (String f : LIFECYCLE) {
            s.put(f, distribution(get(v, f)));
        }
        s.put("request_success_count", get(v, "request_success_count").total());
        s.put("iteration_tokens", distribution(get(v, "iteration_tokens")));
        s.put("prompt_tokens_cached", get(v, "prompt_tokens_cached").total());
        s.put(
                "external_prefix_cache_hit_percent",
                mean(percent(v, "external_prefix_cache_hits", "external_prefix_cache_queries")));
        s.put("mm_cache_hit_percent", mean(percent(v, "mm_cache_hits", "mm_cache_queries")));
        s.put("corrupted_requests", get(v, "corrupted_requests").total());
        for (String f : KV_BLOCKS) {
            s.put(f, distribution(get(v, f)));
        }
        return s;
    }

    /** The whole report: {@code benchmark_time_seconds} 0 and empty load summary and failures, as inference-perf. */
    public static Map<String, Object> report(Map<String, PromValue> v) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("benchmark_time_seconds", 0.0);
        r.put("load_summary", Map.of());
        r.put("successes", successes(v));
        r.put("failures", Map.of());
        return r;
    }

    private static PromValue get(Map<String, PromValue> v, String field) {
        PromValue p = v.get(field);
        return p == null ? PromValue.absent() : p;
    }

    private static double percent(Map<String, PromValue> v, String hits, String queries) {
        double q = get(v, queries).total();
        return q > 0 ? get(v, hits).total() / q * 100.0 : 0.0;
    }

    private static Map<String, Object> mean(double m) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("mean", m);
        return o;
    }

    private static Map<String, Object> meanRate(PromValue p) {
        Map<String, Object> o = mean(p.avg());
        o.put("rate", p.perSecond());
        return o;
    }

    private static Map<String, Object> distribution(PromValue p) {
        Map<String, Object> o = mean(p.avg());
        o.put("median", p.median());
        o.put("p90", p.p90());
        o.put("p99", p.p99());
        return o;
    }
}
