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
 * @param servers with several servers, each one's own summary over this run's window (empty with one server)
 */
public record MetricSummary(
        MeasuredWindow window,
        RequestCounts requests,
        Map<LatencyMetric, Distribution> latency,
        TokenSummary tokens,
        Throughput throughput,
        FailureSummary failures,
        SloSpec slos,
        List<EndpointStats> endpoints,
        List<ServerMetrics> servers) {

    public MetricSummary {
        EnumMap<LatencyMetric, Distribution> copy = new EnumMap<>(LatencyMetric.class);
        copy.putAll(latency);
        latency = Collections.unmodifiableMap(copy);
        endpoints = List.copyOf(endpoints);
        servers = List.copyOf(servers);
    }

    /**
     * Computes the summary of a snapshot.
     *
     * @param snapshot what the client recorded
     * @param options measured window and SLOs
     * @param endpoints per-server counters ({@code LlmClient#endpointStats()}), or an empty list; with two or more,
     *     the summary carries each server's own ({@link #servers()})
     */
    public static MetricSummary compute(
            RecordSnapshot snapshot, MeasureOptions options, List<EndpointStats> endpoints) {
        MetricSummary all = new SummaryCalculator(snapshot, options).compute(endpoints);
        if (endpoints.size() < 2) {
            return all;
        }
        List<ServerMetrics> servers = ServerMetrics.of(snapshot, options, all);
        return new MetricSummary(
                all.window,
                all.requests,
                all.latency,
                all.tokens,
                all.throughput,
                all.failures,
                all.slos,
                all.endpoints,
                servers);
    }

    /** One server's summary: its requests only, over the whole run's window (so the servers' rates add up). */
    static MetricSummary ofServer(
            RecordSnapshot snapshot, MeasureOptions options, MeasuredWindow window, EndpointStats endpoint) {
        return new SummaryCalculator(snapshot, options, window).compute(List.of(endpoint));
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
