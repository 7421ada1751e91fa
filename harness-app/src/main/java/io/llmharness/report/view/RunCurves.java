package io.llmharness.report.view;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.Distribution;
import io.llmharness.metrics.LatencyMetric;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The curves of one run that a comparison overlays with other runs': the CDF of TTFT, TPOT, ITL and e2e latency
 * (successful requests, whole run), and output tokens and completions per second over time.
 *
 * @param cdfs per metric key ({@code ttft}, {@code tpot}, {@code itl}, {@code e2e_latency}): {x in ms, percentile};
 *     metrics without values are absent
 * @param timeS bucket centers in seconds from the start of the run's first time bucket (at or just before its
 *     first request)
 * @param tokensPerS output tokens per second per bucket
 * @param requestsPerS successful completions per second per bucket
 */
public record RunCurves(Map<String, double[][]> cdfs, double[] timeS, double[] tokensPerS, double[] requestsPerS) {

    /** The curves of a run's records. */
    public static RunCurves of(RecordSnapshot snap) {
        List<RequestRecord> rs = snap.requests();
        Map<String, double[][]> cdfs = new LinkedHashMap<>();
        cdf(cdfs, "ttft", rs, LatencyMetric.TTFT);
        cdf(cdfs, "tpot", rs, LatencyMetric.TPOT);
        if (snap.chunkGaps() != null && snap.chunkGaps().getTotalCount() > 0) {
            cdfs.put("itl", points(snap.chunkGaps()));
        }
        cdf(cdfs, "e2e_latency", rs, LatencyMetric.E2E_LATENCY);
        TimeAxis axis = TimeAxis.of(rs, snap.nanoAnchor(), List.of());
        RequestTimeline t = RequestTimeline.of(rs, snap.nanoAnchor(), axis);
        double[] x = axis.centers();
        double origin = axis.originNs() / 1e9;
        for (int i = 0; i < x.length; i++) {
            x[i] -= origin; // runs line up at their first request, whatever warm-up came before
        }
        return new RunCurves(cdfs, x, t.tokensPerS(), t.okPerS());
    }

    private static void cdf(Map<String, double[][]> out, String key, List<RequestRecord> rs, LatencyMetric m) {
        Histogram h = new Histogram(Distribution.SIGNIFICANT_DIGITS);
        for (RequestRecord r : rs) {
            if (r.ok()) {
                long v = m.valueNs(r);
                if (v != ABSENT) {
                    h.recordValue(Math.max(0, v));
                }
            }
        }
        if (h.getTotalCount() > 0) {
            out.put(key, points(h));
        }
    }

    private static double[][] points(Histogram h) {
        double[] p = LatencyPanels.CDF_PERCENTILES;
        double[] x = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            x[i] = h.getValueAtPercentile(p[i]) / 1e6;
        }
        return new double[][] {x, p.clone()};
    }
}
