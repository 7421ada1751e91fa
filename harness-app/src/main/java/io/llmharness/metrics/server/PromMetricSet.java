package io.llmharness.metrics.server;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Which Prometheus metric inference-perf reads for each field of its Prometheus report, per model-server kind
 * ({@code server.type} of the profile): vLLM, SGLang and TGI. Fields a kind does not export report 0.
 */
public final class PromMetricSet {

    private PromMetricSet() {}

    /** The fields and metrics of a server kind ({@code vllm}, {@code sglang}, {@code tgi}), in inference-perf's order. */
    public static Map<String, PromMetric> forServer(String kind) {
        Map<String, PromMetric> m = new LinkedHashMap<>();
        switch (kind.toLowerCase(Locale.ROOT)) {
            case "sglang" -> sglang(m);
            case "tgi" -> tgi(m);
            default -> vllm(m);
        }
        return Collections.unmodifiableMap(m);
    }

    /** {@code {__name__=~"NAME(_total)?"}}: a counter under either of the names prometheus_client gives it. */
    private static PromMetric.Counter counter(String name) {
        return new PromMetric.Counter("{__name__=~\"" + name + "(_total)?\"}");
    }

    private static PromMetric.Histogram histogram(String name) {
        return new PromMetric.Histogram(name);
    }

    private static PromMetric.Gauge gauge(String name) {
        return new PromMetric.Gauge(name);
    }

    private static void vllm(Map<String, PromMetric> m) {
        // inference-perf asks for vllm:prompt_tokens / vllm:generation_tokens by those names, which vLLM exports
        // only with _total (prometheus_client's counter naming), so it reports 0 for them; both names are asked here
        m.put("prompt_tokens", counter("vllm:prompt_tokens"));
        m.put("output_tokens", counter("vllm:generation_tokens"));
        m.put("requests", counter("vllm:request_success"));
        m.put("request_latency", histogram("vllm:e2e_request_latency_seconds"));
        m.put("queue_length", gauge("vllm:num_requests_waiting"));
        m.put("time_per_output_token", histogram("vllm:request_time_per_output_token_seconds"));
        m.put("num_requests_running", gauge("vllm:num_requests_running"));
        m.put("time_to_first_token", histogram("vllm:time_to_first_token_seconds"));
        m.put("inter_token_latency", histogram("vllm:inter_token_latency_seconds"));
        m.put("request_success_count", counter("vllm:request_success"));
        m.put("kv_cache_usage", gauge("vllm:kv_cache_usage_perc"));
        m.put("num_preemptions_total", counter("vllm:num_preemptions"));
        m.put("prefix_cache_hits", counter("vllm:prefix_cache_hits"));
        m.put("prefix_cache_queries", counter("vllm:prefix_cache_queries"));
        m.put("request_queue_time", histogram("vllm:request_queue_time_seconds"));
        m.put("request_inference_time", histogram("vllm:request_inference_time_seconds"));
        m.put("request_prefill_time", histogram("vllm:request_prefill_time_seconds"));
        m.put("request_decode_time", histogram("vllm:request_decode_time_seconds"));
        m.put("request_prompt_tokens", histogram("vllm:request_prompt_tokens"));
        m.put("request_generation_tokens", histogram("vllm:request_generation_tokens"));
        m.put("request_max_num_generation_tokens", histogram("vllm:request_max_num_generation_tokens"));
        m.put("request_params_n", histogram("vllm:request_params_n"));
        m.put("request_params_max_tokens", histogram("vllm:request_params_max_tokens"));
        m.put("iteration_tokens", histogram("vllm:iteration_tokens_total"));
        m.put("prompt_tokens_cached", counter("vllm:prompt_tokens_cached"));
        m.put("external_prefix_cache_hits", counter("vllm:external_prefix_cache_hits"));
        m.put("external_prefix_cache_queries", counter("vllm:external_prefix_cache_queries"));
        m.put("mm_cache_hits", counter("vllm:mm_cache_hits"));
        m.put("mm_cache_queries", counter("vllm:mm_cache_queries"));
        m.put("corrupted_requests", new PromMetric.Counter("vllm:corrupted_requests"));
        m.put("request_prefill_kv_computed_tokens", histogram("vllm:request_prefill_kv_computed_tokens"));
        m.put("kv_block_idle_before_evict", histogram("vllm:kv_block_idle_before_evict_seconds"));
        m.put("kv_block_lifetime", histogram("vllm:kv_block_lifetime_seconds"));
        m.put("kv_block_reuse_gap", histogram("vllm:kv_block_reuse_gap_seconds"));
    }

    private static void sglang(Map<String, PromMetric> m) {
        m.put("prompt_tokens", new PromMetric.Counter("sglang:prompt_tokens_total"));
        m.put("output_tokens", new PromMetric.Counter("sglang:generation_tokens_total"));
        m.put("requests", new PromMetric.Counter("sglang:e2e_request_latency_seconds_count"));
        m.put("request_latency", histogram("sglang:e2e_request_latency_seconds"));
        m.put("queue_length", gauge("sglang:num_queue_reqs"));
        m.put("time_per_output_token", histogram("sglang:time_per_output_token_seconds"));
        m.put("time_to_first_token", histogram("sglang:time_to_first_token_seconds"));
        m.put("inter_token_latency", histogram("sglang:inter_token_latency_seconds"));
        m.put("kv_cache_usage", gauge("sglang:token_usage"));
    }

    private static void tgi(Map<String, PromMetric> m) {
        m.put("prompt_tokens", histogram("tgi_request_input_length"));
        m.put("output_tokens", histogram("tgi_request_generated_tokens"));
        m.put("requests", new PromMetric.Counter("tgi_request_success"));
        m.put("request_latency", histogram("tgi_request_duration"));
        m.put("queue_length", gauge("tgi_queue_size"));
        m.put("time_per_output_token", histogram("tgi_request_mean_time_per_token_duration"));
    }
}
