package io.llmharness.report.view;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.metrics.Distribution;
import io.llmharness.metrics.FailureSummary;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.StageWindow;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/** The tables of a report: per stage, per endpoint, failures. */
final class Tables {

    private Tables() {}

    /** Per-stage request metrics, or null for a run of one stage. */
    static ReportTable stages(RecordSnapshot snap, StageIndex stages) {
        if (stages.size() < 2) {
            return null;
        }
        int n = stages.size();
        long[] ok = new long[n];
        long[] failed = new long[n];
        long[] tokens = new long[n];
        Histogram[][] h = histograms(3, n);
        LatencyMetric[] metrics = {LatencyMetric.TTFT, LatencyMetric.TPOT, LatencyMetric.E2E_LATENCY};
        for (RequestRecord r : snap.requests()) {
            int s = stages.of(r);
            if (s < 0) {
                continue;
            }
            if (!r.ok()) {
                failed[s]++;
                continue;
            }
            ok[s]++;
            tokens[s] += Math.max(0, r.outputTokens());
            record(h, s, metrics, r);
        }
        List<List<String>> rows = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            StageWindow w = stages.get(s);
            double secs = Math.max(1e-9, (w.endNs() - w.startNs()) / 1e9);
            Distribution ttft = Distribution.of(h[0][s]);
            Distribution tpot = Distribution.of(h[1][s]);
            Distribution e2e = Distribution.of(h[2][s]);
            rows.add(List.of(
                    w.name(),
                    Format.sig(w.startSeconds()) + " – " + Format.sig(w.endSeconds()),
                    Format.count(ok[s]),
                    Format.count(failed[s]),
                    Format.sig(ok[s] / secs),
                    Format.sig(tokens[s] / secs),
                    pair(ttft),
                    pair(tpot),
                    pair(e2e)));
        }
        return new ReportTable(
                "requests by the stage their scheduled time falls in; rates over the stage's length",
                List.of(
                        "stage",
                        "s",
                        "ok",
                        "failed",
                        "req/s",
                        "output tokens/s",
                        "TTFT p50 / p99 ms",
                        "TPOT p50 / p99 ms",
                        "E2E p50 / p99 ms"),
                rows);
    }

    /** Per-endpoint counters and latencies, or null when the run used one server. */
    static ReportTable endpoints(RecordSnapshot snap, MetricSummary m) {
        List<EndpointStats> eps = m.endpoints();
        if (eps.size() < 2) {
            return null;
        }
        Histogram[][] h = histograms(2, eps.size());
        LatencyMetric[] metrics = {LatencyMetric.TTFT, LatencyMetric.E2E_LATENCY};
        for (RequestRecord r : snap.requests()) {
            if (r.ok() && r.endpoint() >= 0 && r.endpoint() < eps.size()) {
                record(h, r.endpoint(), metrics, r);
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < eps.size(); i++) {
            EndpointStats e = eps.get(i);
            rows.add(List.of(
                    Integer.toString(i),
                    e.url(),
                    Format.count(e.requests()),
                    Format.count(e.failures()),
                    Integer.toString(e.maxInFlight()),
                    Format.count(e.connectionsOpened()),
                    Format.count(e.staleRetries() + e.overloadRetries()),
                    pair(Distribution.of(h[0][i])),
                    pair(Distribution.of(h[1][i]))));
        }
        return new ReportTable(
                "the client's counters per server",
                List.of(
                        "#",
                        "server",
                        "requests",
                        "failures",
                        "max in flight",
                        "connections",
                        "retries",
                        "TTFT p50 / p99 ms",
                        "E2E p50 / p99 ms"),
                rows);
    }

    /** Failures by message, or null without failures. */
    static ReportTable failures(MetricSummary m) {
        FailureSummary f = m.failures();
        if (f.failed() == 0) {
            return null;
        }
        String byKind = f.byKind().entrySet().stream()
                .filter(e -> e.getValue() > 0)
                .map(e -> e.getKey().name() + " " + Format.count(e.getValue()))
                .collect(Collectors.joining(", "));
        List<List<String>> rows = new ArrayList<>();
        for (FailureSummary.Message msg : f.messages()) {
            rows.add(List.of(msg.kind().name(), msg.message(), Format.count(msg.count())));
        }
        return new ReportTable(
                Format.count(f.failed()) + " failed (" + Format.percent(f.rate()) + "): " + byKind
                        + (f.messages().size() == FailureSummary.MAX_MESSAGES ? "; the most frequent messages" : ""),
                List.of("kind", "message", "count"),
                rows);
    }

    private static Histogram[][] histograms(int metrics, int n) {
        Histogram[][] h = new Histogram[metrics][n];
        for (int m = 0; m < metrics; m++) {
            for (int i = 0; i < n; i++) {
                h[m][i] = new Histogram(Distribution.SIGNIFICANT_DIGITS);
            }
        }
        return h;
    }

    private static void record(Histogram[][] h, int i, LatencyMetric[] metrics, RequestRecord r) {
        for (int m = 0; m < metrics.length; m++) {
            long v = metrics[m].valueNs(r);
            if (v != ABSENT) {
                h[m][i].recordValue(Math.max(0, v));
            }
        }
    }

    private static String pair(Distribution d) {
        return d.isEmpty() ? "–" : Format.ms(d.p50()) + " / " + Format.ms(d.p99());
    }
}
