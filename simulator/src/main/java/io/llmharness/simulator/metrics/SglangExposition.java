package io.llmharness.simulator.metrics;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Renders {@code /metrics} with SGLang's {@code sglang:} names as its multiprocess prometheus_client collector
 * exposes them: no {@code _created} series, no {@code python_*} / {@code process_*} families, the library's
 * generic HELP text. Tokenizer-side counters and histograms carry {@code model_name}; scheduler-side gauges also
 * {@code engine_type}, {@code pp_rank} and {@code tp_rank}. Data-parallel engines are summed into one series.
 */
public final class SglangExposition {
    private final List<EngineMetrics> engines;
    private final String model;
    private final long maxTotalTokens;

    /** @param maxTotalTokens KV pool capacity in tokens over all engines */
    public SglangExposition(List<EngineMetrics> engines, String model, long maxTotalTokens) {
        this.engines = List.copyOf(engines);
        this.model = model;
        this.maxTotalTokens = maxTotalTokens;
    }

    public String render() {
        PromWriter w = new PromWriter(true);
        String[] l = {"model_name", model};
        String[] s = {"engine_type", "unified", "model_name", model, "pp_rank", "0", "tp_rank", "0"};
        gauge(w, s, "sglang:num_running_reqs", "The number of running requests.", m -> m.running);
        gauge(w, s, "sglang:num_queue_reqs", "The number of requests in the waiting queue.", m -> m.waiting);
        gauge(w, s, "sglang:num_used_tokens", "The number of used tokens.", m -> m.kvUsedTokens);
        double used = sum(m -> m.kvUsedTokens);
        w.family("sglang:token_usage", "gauge", "The token usage.");
        w.sample("sglang:token_usage", maxTotalTokens == 0 ? 0 : used / maxTotalTokens, s);
        w.family("sglang:max_total_num_tokens", "gauge", "Maximum total number of tokens in the KV cache pool.");
        w.sample("sglang:max_total_num_tokens", maxTotalTokens, s);
        double queries = sum(m -> m.prefixQueries.sum());
        w.family("sglang:cache_hit_rate", "gauge", "The prefix cache hit rate.");
        w.sample("sglang:cache_hit_rate", queries == 0 ? 0 : sum(m -> m.prefixHits.sum()) / queries, s);
        counter(w, l, "sglang:prompt_tokens", "Number of prefill tokens processed.", m -> m.promptTokens.sum());
        counter(
                w,
                l,
                "sglang:generation_tokens",
                "Number of generation tokens processed.",
                m -> m.generationTokens.sum());
        counter(w, l, "sglang:cached_tokens", "Number of cached prompt tokens.", m -> m.prefixHits.sum());
        counter(w, l, "sglang:num_requests", "Number of requests processed.", m -> {
            long total = 0;
            for (int i = 0; i < EngineMetrics.REASONS.length; i++) {
                total += m.finished[i].sum();
            }
            return total;
        });
        counter(w, l, "sglang:num_aborted_requests", "Number of requests aborted.", m -> m.finished[2].sum());
        counter(
                w,
                l,
                "sglang:num_so_requests",
                "Number of structured output requests processed.",
                m -> m.structuredRequests.sum());
        histogram(
                w,
                l,
                "sglang:time_to_first_token_seconds",
                "Histogram of time to first token in seconds.",
                m -> m.ttft);
        histogram(
                w, l, "sglang:inter_token_latency_seconds", "Histogram of inter-token latency in seconds.", m -> m.itl);
        histogram(
                w,
                l,
                "sglang:e2e_request_latency_seconds",
                "Histogram of End-to-end request latency in seconds",
                m -> m.e2e);
        return w.toString();
    }

    private double sum(ToDoubleFunction<EngineMetrics> f) {
        double total = 0;
        for (EngineMetrics m : engines) {
            total += f.applyAsDouble(m);
        }
        return total;
    }

    private void gauge(PromWriter w, String[] l, String name, String help, ToDoubleFunction<EngineMetrics> f) {
        w.family(name, "gauge", help);
        w.sample(name, sum(f), l);
    }

    private void counter(PromWriter w, String[] l, String base, String help, ToDoubleFunction<EngineMetrics> f) {
        w.family(base + "_total", "counter", help, base);
        w.sample(base + "_total", sum(f), l);
    }

    private void histogram(
            PromWriter w, String[] l, String name, String help, Function<EngineMetrics, Histogram> pick) {
        w.family(name, "histogram", help);
        Histogram first = pick.apply(engines.get(0));
        long[] cumulative = new long[first.bounds().length + 1];
        double total = 0;
        for (EngineMetrics m : engines) {
            Histogram h = pick.apply(m);
            long[] c = h.cumulative();
            for (int i = 0; i < c.length; i++) {
                cumulative[i] += c[i];
            }
            total += h.sum();
        }
        w.histogram(name, cumulative, first.bounds(), total, engines.get(0).createdMillis(), l);
    }
}
