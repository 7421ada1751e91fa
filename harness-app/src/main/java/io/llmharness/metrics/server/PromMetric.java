package io.llmharness.metrics.server;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * One model-server metric as inference-perf asks a Prometheus server for it over a window of {@code d} seconds
 * ending at the evaluation time: the PromQL queries, in order, and what each answer means. The queries are
 * inference-perf's, so a run reports the same numbers as inference-perf against the same Prometheus.
 */
public sealed interface PromMetric {

    /** The metric name, or a {@code {__name__=~"..."}} selector (counters only). */
    String name();

    /** The queries over a window of {@code durationS} seconds with the label matchers {@code filters}. */
    List<String> queries(double durationS, String filters);

    /**
     * A counter: {@code total} (increase over the window), {@code avg} (the average per-second rate, which
     * inference-perf reports as a "mean") and {@code per_second}.
     */
    record Counter(String name) implements PromMetric {
        @Override
        public List<String> queries(double durationS, String filters) {
            String s = selector(name, filters);
            String d = seconds(durationS);
            return List.of(
                    "sum(increase(" + s + "[" + d + "]))",
                    "avg_over_time(rate(" + s + "[" + d + "])[" + d + ":" + d + "])",
                    "sum(rate(" + s + "[" + d + "]))");
        }
    }

    /** A gauge: its average, median, p90 and p99 over the window. */
    record Gauge(String name) implements PromMetric {
        public Gauge {
            noSelector(name);
        }

        @Override
        public List<String> queries(double durationS, String filters) {
            String s = name + "{" + filters + "}";
            String d = seconds(durationS);
            return List.of(
                    "avg_over_time(" + s + "[" + d + "])",
                    "quantile_over_time(0.5, " + s + "[" + d + "])",
                    "quantile_over_time(0.9, " + s + "[" + d + "])",
                    "quantile_over_time(0.99, " + s + "[" + d + "])");
        }
    }

    /** A histogram: mean ({@code _sum / _count}), median, p90, p99 from the buckets, and observations per second. */
    record Histogram(String name) implements PromMetric {
        public Histogram {
            noSelector(name);
        }

        @Override
        public List<String> queries(double durationS, String filters) {
            String d = seconds(durationS);
            String f = "{" + filters + "}[" + d + "]";
            String buckets = "sum(rate(" + name + "_bucket" + f + ")) by (le))";
            return List.of(
                    "sum(rate(" + name + "_sum" + f + ")) / (sum(rate(" + name + "_count" + f + ")) > 0)",
                    "histogram_quantile(0.5, " + buckets,
                    "histogram_quantile(0.9, " + buckets,
                    "histogram_quantile(0.99, " + buckets,
                    "sum(rate(" + name + "_count" + f + "))");
        }
    }

    /** A selector with the filters inside its braces ({@code {__name__=~"x(_total)?"}} keeps one brace pair). */
    private static String selector(String name, String filters) {
        if (name.startsWith("{") && name.endsWith("}")) {
            return filters.isEmpty() ? name : name.substring(0, name.length() - 1) + "," + filters + "}";
        }
        return name + "{" + filters + "}";
    }

    private static void noSelector(String name) {
        if (name.startsWith("{")) {
            throw new IllegalArgumentException("only a counter may be a {__name__=~...} selector: " + name);
        }
    }

    /** Whole seconds as Python's {@code f"{d:.0f}s"} writes them (the exact value, ties to even). */
    static String seconds(double durationS) {
        return new BigDecimal(durationS).setScale(0, RoundingMode.HALF_EVEN).toPlainString() + "s";
    }
}
