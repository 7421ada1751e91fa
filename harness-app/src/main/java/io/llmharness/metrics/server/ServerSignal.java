package io.llmharness.metrics.server;

import java.util.List;

/**
 * The server-side signals a report shows, each read from the first Prometheus source a server exposes, with vLLM's
 * current names first, then vLLM's older names, then SGLang's (see docs/report.md for the table). Values of several
 * series of one name (data-parallel engines) are summed per scrape; several servers are combined per
 * {@link Combine}.
 */
public enum ServerSignal {
    /** Requests in the running batch. */
    RUNNING(
            "running_requests",
            "Running requests",
            "requests",
            Combine.SUM,
            Source.gauge("vllm:num_requests_running"),
            Source.gauge("sglang:num_running_reqs")),
    /** Requests waiting in the scheduler queue. */
    WAITING(
            "waiting_requests",
            "Waiting requests",
            "requests",
            Combine.SUM,
            Source.gauge("vllm:num_requests_waiting"),
            Source.gauge("sglang:num_queue_reqs")),
    /** Fraction of the KV cache in use, 0..1. */
    KV_CACHE_USAGE(
            "kv_cache_usage",
            "KV-cache usage",
            "fraction",
            Combine.MEAN,
            Source.gauge("vllm:kv_cache_usage_perc"),
            Source.gauge("vllm:gpu_cache_usage_perc"),
            Source.gauge("sglang:token_usage")),
    /** Prompt tokens found in the prefix cache / prompt tokens looked up, 0..1. */
    PREFIX_CACHE_HIT_RATE(
            "prefix_cache_hit_rate",
            "Prefix-cache hit rate",
            "fraction",
            Combine.RATIO,
            Source.ratio("vllm:prefix_cache_hits_total", "vllm:prefix_cache_queries_total"),
            Source.ratio("vllm:gpu_prefix_cache_hits_total", "vllm:gpu_prefix_cache_queries_total"),
            Source.ratio("sglang:cached_tokens_total", "sglang:prompt_tokens_total"),
            Source.gauge("sglang:cache_hit_rate")),
    /** Preemptions (vLLM) or retractions (SGLang) per second. */
    PREEMPTIONS(
            "preemptions_per_second",
            "Preemptions",
            "per second",
            Combine.SUM,
            Source.rate("vllm:num_preemptions_total"),
            Source.rate("sglang:num_retractions_sum")),
    /** Output tokens generated per second. */
    GENERATION_TOKENS(
            "generation_tokens_per_second",
            "Generation tokens/s",
            "tokens/s",
            Combine.SUM,
            Source.rate("vllm:generation_tokens_total"),
            Source.rate("sglang:generation_tokens_total"),
            Source.gauge("sglang:gen_throughput")),
    /** Prompt tokens processed per second. */
    PROMPT_TOKENS(
            "prompt_tokens_per_second",
            "Prompt tokens/s",
            "tokens/s",
            Combine.SUM,
            Source.rate("vllm:prompt_tokens_total"),
            Source.rate("sglang:prompt_tokens_total"));

    /** How the values of several servers at one scrape become one. */
    public enum Combine {
        /** Added up (requests, rates). */
        SUM,
        /** Averaged (fractions). */
        MEAN,
        /** Numerator and denominator deltas added up, then divided (hit rates). */
        RATIO
    }

    /**
     * Where a signal comes from.
     *
     * @param kind how the metric is turned into the signal
     * @param metric the exposed metric name (the numerator of a ratio)
     * @param denominator the denominator counter of a ratio, else null
     */
    public record Source(Kind kind, String metric, String denominator) {

        /** How a source becomes a signal. */
        public enum Kind {
            /** The value as scraped. */
            GAUGE,
            /** A counter's increase per second between two scrapes. */
            RATE,
            /** Increase of one counter / increase of another between two scrapes. */
            RATIO
        }

        static Source gauge(String metric) {
            return new Source(Kind.GAUGE, metric, null);
        }

        static Source rate(String metric) {
            return new Source(Kind.RATE, metric, null);
        }

        static Source ratio(String numerator, String denominator) {
            return new Source(Kind.RATIO, numerator, denominator);
        }

        /** The metric names this source reads. */
        public List<String> metrics() {
            return denominator == null ? List.of(metric) : List.of(metric, denominator);
        }
    }

    private final String key;
    private final String label;
    private final String unit;
    private final Combine combine;
    private final List<Source> sources;

    ServerSignal(String key, String label, String unit, Combine combine, Source... sources) {
        this.key = key;
        this.label = label;
        this.unit = unit;
        this.combine = combine;
        this.sources = List.of(sources);
    }

    /** The report name, e.g. {@code kv_cache_usage}. */
    public String key() {
        return key;
    }

    /** A human label, e.g. {@code KV-cache usage}. */
    public String label() {
        return label;
    }

    /** The unit of the values: {@code requests}, {@code fraction}, {@code per second} or {@code tokens/s}. */
    public String unit() {
        return unit;
    }

    /** How servers are combined. */
    public Combine combine() {
        return combine;
    }

    /** The sources in order of preference. */
    public List<Source> sources() {
        return sources;
    }

    /** Every metric name any signal reads (what a reader needs to load from a scrape file). */
    public static List<String> allMetricNames() {
        return java.util.Arrays.stream(values())
                .flatMap(s -> s.sources.stream())
                .flatMap(s -> s.metrics().stream())
                .distinct()
                .toList();
    }
}
