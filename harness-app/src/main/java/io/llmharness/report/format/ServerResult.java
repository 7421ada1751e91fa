package io.llmharness.report.format;

import io.llmharness.client.transport.EndpointStats;
import io.llmharness.metrics.BalanceVerdict;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.StageMetrics;
import java.util.List;

/**
 * One server of a workload run that shared its load over several ({@code harness bench --endpoint a,b}): the metric
 * table of the requests sent to it, over the whole run's window (so the servers' rates add up to the run's), and its
 * share of the run's requests.
 *
 * @param index its place in the endpoint list
 * @param url its base URL (credentials redacted by the writers)
 * @param share its requests over the run's, 0–1 (NaN when the run sent none)
 * @param client the client's counters for it over the whole run, warm-up included (connections opened, most in
 *     flight, retries), or null when not known
 * @param metrics its own metric table
 */
public record ServerResult(int index, String url, double share, EndpointStats client, StageMetrics metrics) {

    /** Whether one server was slower than the others beyond noise (the same verdict as an MLPerf run's). */
    public static BalanceVerdict balance(List<ServerResult> servers) {
        boolean streamed = servers.stream()
                .anyMatch(s ->
                        !s.metrics().latency(LatencyMetric.TTFT_FROM_SEND.key()).isEmpty());
        LatencyMetric metric = BalanceVerdict.metric(streamed);
        return BalanceVerdict.judge(
                metric,
                servers.stream()
                        .map(s -> new BalanceVerdict.Candidate(
                                s.index(),
                                s.url(),
                                s.metrics().latency(metric.key()).count(),
                                s.metrics().latency(metric.key()).isEmpty()
                                        ? 0
                                        : s.metrics().latency(metric.key()).percentile(50.0)))
                        .toList());
    }
}
