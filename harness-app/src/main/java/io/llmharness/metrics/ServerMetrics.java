package io.llmharness.metrics;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import java.util.ArrayList;
import java.util.List;

/**
 * One server of a run with several (behind {@code --api-server-url a,b} or {@code --num-processes N}): the metric
 * summary of the requests sent to it, measured over the whole run's window so that the servers' rates add up to the
 * run's, and the share of the run's measured requests the balancer gave it.
 *
 * <p>The pooled inter-token histograms ({@code itl_chunk}, {@code itl_token}) are the client's over all servers and
 * are empty here; the per-request latencies (TTFT, TPOT, NTPOT, ITL mean, e2e) are the server's own.
 *
 * @param index the server's place in the client's endpoint list
 * @param url its base URL (credentials redacted by the writers)
 * @param share its measured requests over the run's, 0–1 (NaN when the run measured none)
 * @param metrics its own summary; {@code endpoints} holds its counters only
 */
public record ServerMetrics(int index, String url, double share, MetricSummary metrics) {

    /** One entry per endpoint of {@code all}, in endpoint order. */
    static List<ServerMetrics> of(RecordSnapshot snapshot, MeasureOptions options, MetricSummary all) {
        List<List<RequestRecord>> byServer = snapshot.byEndpoint(all.endpoints().size());
        List<ServerMetrics> out = new ArrayList<>();
        long measured = all.requests().issued();
        for (int i = 0; i < byServer.size(); i++) {
            RecordSnapshot mine =
                    new RecordSnapshot(snapshot.wallClockAnchor(), snapshot.nanoAnchor(), byServer.get(i), null, null);
            EndpointStats e = all.endpoints().get(i);
            MetricSummary m = MetricSummary.ofServer(mine, options, all.window(), e);
            double share = measured == 0 ? Double.NaN : (double) m.requests().issued() / measured;
            out.add(new ServerMetrics(i, e.url(), share, m));
        }
        return List.copyOf(out);
    }
}
