package io.llmharness.metrics;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.transport.EndpointStats;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The canonical metric summary of a run: immutable, computed once from what the client recorded, and rendered by
 * separate format writers (summary.json, …). Times are nanoseconds, token counts are tokens, rates are per second.
 *
 * <p>Server latency metrics cover successful requests in the measured window; {@code schedule_delay} and
 * {@code connection_wait} cover every measured request (the harness was late whatever the server did later);
 * {@code itl_chunk} and {@code itl_token} are the client's pooled histograms over the whole run. Failures are
 * counted apart ({@link #failures()}).
 *
 * @param window the span throughput is measured over
 * @param requests how many requests count where
 * @param latency one distribution per {@link LatencyMetric}, in declaration order
 * @param tokens token totals, distributions and provenance
 * @param throughput rates over the window
 * @param failures failures by kind and message, and {@code failure_rate}
 * @param slos the objectives behind {@link Throughput#goodput()}
 * @param endpoints per-server counters as the client reported them, in endpoint order
 */
public record MetricSummary(
        MeasuredWindow window,
        RequestCounts requests,
        Map<LatencyMetric, Distribution> latency,
        TokenSummary tokens,
        Throughput throughput,
        FailureSummary failures,
        SloSpec slos,
        List<EndpointStats> endpoints) {

    public MetricSummary {
        EnumMap<LatencyMetric, Distribution> copy = new EnumMap<>(LatencyMetric.class);
        copy.putAll(latency);
        latency = Collections.unmodifiableMap(copy);
        endpoints = List.copyOf(endpoints);
    }

    /**
     * Computes the summary of a snapshot.
     *
     * @param snapshot what the client recorded
     * @param options measured window and SLOs
     * @param endpoints per-server counters ({@code LlmClient#endpointStats()}), or an empty list
     */
    public static MetricSummary compute(
            RecordSnapshot snapshot, MeasureOptions options, List<EndpointStats> endpoints) {
        return new SummaryCalculator(snapshot, options).compute(endpoints);
    }

    /** The distribution of one latency metric. */
    public Distribution latency(LatencyMetric metric) {
        return latency.get(metric);
    }

    /** {@code failure_rate}: failed / issued requests of the window, NaN when none was issued. */
    public double failureRate() {
        return failures.rate();
    }
}
