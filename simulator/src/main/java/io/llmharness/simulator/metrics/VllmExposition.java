package io.llmharness.simulator.metrics;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Renders {@code /metrics} with the names of the vLLM release the persona claims ({@link VllmMetricSet}). Every
 * engine series carries {@code engine} and {@code model_name}; {@code request_success_total} is pre-initialised for
 * every finished reason. A single API server (one data-parallel engine) also exports prometheus_client's
 * {@code python_*} / {@code process_*} families and {@code _created} gauges; with several engines vLLM runs several
 * API servers in multiprocess mode, which has neither.
 */
public final class VllmExposition {
    private final List<EngineMetrics> engines;
    private final String model;
    private final VllmMetricSet set;
    private final String[] cacheConfigLabels;

    /**
     * @param cacheConfigLabels sorted name/value pairs for {@code vllm:cache_config_info} (without engine)
     */
    public VllmExposition(List<EngineMetrics> engines, String model, VllmMetricSet set, String[] cacheConfigLabels) {
        this.engines = List.copyOf(engines);
        this.model = model;
        this.set = set;
        this.cacheConfigLabels = cacheConfigLabels.clone();
    }

    public String render() {
        boolean multiprocess = engines.size() > 1;
        PromWriter w = new PromWriter(multiprocess);
        if (!multiprocess) {
            ProcessMetrics.write(w);
        }
        gauge(w, "vllm:num_requests_running", "Number of requests in model execution batches.", m -> m.running);
        gauge(w, "vllm:num_requests_waiting", "Number of requests waiting to be processed.", m -> m.waiting);
        if (set.oldNames()) {
            gauge(w, "vllm:gpu_cache_usage_perc", "GPU KV-cache usage. 1 means 100 percent usage.", m -> m.kvUsage);
        }
        if (set.newNames()) {
            gauge(w, "vllm:kv_cache_usage_perc", "KV-cache usage. 1 means 100 percent usage.", m -> m.kvUsage);
        }
        cacheConfig(w);
        if (set.oldNames()) {
            prefixCache(w, "vllm:gpu_prefix_cache_", "GPU prefix cache");
        }
        if (set.newNames()) {
            prefixCache(w, "vllm:prefix_cache_", "Prefix cache");
        }
        counter(
                w,
                "vllm:num_preemptions",
                "Cumulative number of preemption from the engine.",
                m -> m.preemptions.sum());
        counter(w, "vllm:prompt_tokens", "Number of prefill tokens processed.", m -> m.promptTokens.sum());
        counter(w, "vllm:generation_tokens", "Number of generation tokens processed.", m -> m.generationTokens.sum());
        success(w);
        histogram(w, "vllm:request_prompt_tokens", "Number of prefill tokens processed.", m -> m.promptHist);
        histogram(w, "vllm:request_generation_tokens", "Number of generation tokens processed.", m -> m.generationHist);
        histogram(
                w,
                "vllm:iteration_tokens_total",
                "Histogram of number of tokens per engine_step.",
                m -> m.iterationTokens);
        histogram(
                w,
                "vllm:request_max_num_generation_tokens",
                "Histogram of maximum number of requested generation tokens.",
                m -> m.maxGenerationHist);
        histogram(w, "vllm:request_params_n", "Histogram of the n request parameter.", m -> m.nHist);
        histogram(
                w,
                "vllm:request_params_max_tokens",
                "Histogram of the max_tokens request parameter.",
                m -> m.maxTokensHist);
        histogram(w, "vllm:time_to_first_token_seconds", "Histogram of time to first token in seconds.", m -> m.ttft);
        if (set.oldTpot()) {
            histogram(
                    w,
                    "vllm:time_per_output_token_seconds",
                    "Histogram of time per output token in seconds."
                            + (set.interTokenLatency()
                                    ? "DEPRECATED: Use vllm:inter_token_latency_seconds instead."
                                    : ""),
                    m -> m.itl);
        }
        if (set.interTokenLatency()) {
            histogram(
                    w, "vllm:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", m -> m.itl);
            histogram(
                    w,
                    "vllm:request_time_per_output_token_seconds",
                    "Histogram of time_per_output_token_seconds per request.",
                    m -> m.tpot);
        }
        histogram(w, "vllm:e2e_request_latency_seconds", "Histogram of e2e request latency in seconds.", m -> m.e2e);
        histogram(
                w,
                "vllm:request_queue_time_seconds",
                "Histogram of time spent in WAITING phase for request.",
                m -> m.queue);
        histogram(
                w,
                "vllm:request_inference_time_seconds",
                "Histogram of time spent in RUNNING phase for request.",
                m -> m.inference);
        histogram(
                w,
                "vllm:request_prefill_time_seconds",
                "Histogram of time spent in PREFILL phase for request.",
                m -> m.prefill);
        histogram(
                w,
                "vllm:request_decode_time_seconds",
                "Histogram of time spent in DECODE phase for request.",
                m -> m.decode);
        if (set.prefillKvComputed()) {
            histogram(
                    w,
                    "vllm:request_prefill_kv_computed_tokens",
                    "Histogram of new KV tokens computed during prefill (excluding cached tokens).",
                    m -> m.prefillComputed);
        }
        return w.toString();
    }

    private void prefixCache(PromWriter w, String prefix, String what) {
        counter(
                w,
                prefix + "queries",
                what + " queries, in terms of number of queried tokens.",
                m -> m.prefixQueries.sum());
        counter(w, prefix + "hits", what + " hits, in terms of number of cached tokens.", m -> m.prefixHits.sum());
    }

    private String[] labels(EngineMetrics m) {
        return new String[] {"engine", Integer.toString(m.engineIndex()), "model_name", model};
    }

    private void gauge(PromWriter w, String name, String help, ToDoubleFunction<EngineMetrics> value) {
        w.family(name, "gauge", help);
        for (EngineMetrics m : engines) {
            w.sample(name, value.applyAsDouble(m), labels(m));
        }
    }

    private void counter(PromWriter w, String base, String help, ToDoubleFunction<EngineMetrics> value) {
        w.family(base + "_total", "counter", help, base);
        for (EngineMetrics m : engines) {
            w.sample(base + "_total", value.applyAsDouble(m), labels(m));
            w.created(m.createdMillis() / 1000.0, labels(m));
        }
    }

    private void success(PromWriter w) {
        w.family(
                "vllm:request_success_total",
                "counter",
                "Count of successfully processed requests.",
                "vllm:request_success");
        for (EngineMetrics m : engines) {
            for (int i = 0; i < EngineMetrics.REASONS.length; i++) {
                String[] l = {
                    "engine",
                    Integer.toString(m.engineIndex()),
                    "finished_reason",
                    EngineMetrics.REASONS[i],
                    "model_name",
                    model
                };
                w.sample("vllm:request_success_total", m.finished[i].sum(), l);
                w.created(m.createdMillis() / 1000.0, l);
            }
        }
    }

    private void cacheConfig(PromWriter w) {
        w.family("vllm:cache_config_info", "gauge", "Information of the LLMEngine CacheConfig");
        for (EngineMetrics m : engines) {
            String[] l = new String[cacheConfigLabels.length + 2];
            int o = 0;
            boolean placed = false;
            for (int i = 0; i < cacheConfigLabels.length; i += 2) {
                if (!placed && cacheConfigLabels[i].compareTo("engine") > 0) {
                    l[o++] = "engine";
                    l[o++] = Integer.toString(m.engineIndex());
                    placed = true;
                }
                l[o++] = cacheConfigLabels[i];
                l[o++] = cacheConfigLabels[i + 1];
            }
            if (!placed) {
                l[o++] = "engine";
                l[o] = Integer.toString(m.engineIndex());
            }
            w.sample("vllm:cache_config_info", 1.0, l);
        }
    }

    private void histogram(PromWriter w, String name, String help, Function<EngineMetrics, Histogram> pick) {
        w.family(name, "histogram", help);
        for (EngineMetrics m : engines) {
            Histogram h = pick.apply(m);
            w.histogram(name, h.cumulative(), h.bounds(), h.sum(), m.createdMillis(), labels(m));
        }
    }
}
