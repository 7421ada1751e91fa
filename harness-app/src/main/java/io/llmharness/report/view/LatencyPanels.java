package io.llmharness.report.view;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.Distribution;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Marker;
import io.llmharness.report.chart.Series;
import io.llmharness.report.chart.Ticks;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Latency distributions per stage: TTFT, TPOT and e2e latency of successful requests, and the pooled ITL of the
 * whole run. Histograms use the same 3-significant-digit HdrHistograms as summary.json, so the percentiles match
 * it for a run of one stage.
 */
final class LatencyPanels {

    /** Bins of a histogram chart (about). */
    static final int BINS = 50;

    /** CDF points: every percent, then finer in the tail. */
    static final double[] CDF_PERCENTILES = cdfPercentiles();

    private static final String[] STAT_HEADER = {"stage", "count", "mean", "p50", "p90", "p95", "p99", "p99.9", "max"};

    private LatencyPanels() {}

    static List<LatencyPanel> of(RecordSnapshot snap, StageIndex stages) {
        LatencyMetric[] perRequest = {LatencyMetric.TTFT, LatencyMetric.TPOT, LatencyMetric.E2E_LATENCY};
        Histogram[][] h = new Histogram[perRequest.length][stages.size()];
        for (int m = 0; m < perRequest.length; m++) {
            for (int s = 0; s < stages.size(); s++) {
                h[m][s] = new Histogram(Distribution.SIGNIFICANT_DIGITS);
            }
        }
        for (RequestRecord r : snap.requests()) {
            int s = r.ok() ? stages.of(r) : -1;
            if (s < 0) {
                continue;
            }
            for (int m = 0; m < perRequest.length; m++) {
                long v = perRequest[m].valueNs(r);
                if (v != ABSENT) {
                    h[m][s].recordValue(Math.max(0, v));
                }
            }
        }
        List<String> names = stages.all().stream().map(w -> w.name()).toList();
        List<LatencyPanel> out = new ArrayList<>();
        add(out, "ttft", "Time to first token (TTFT)", "successful streamed requests", names, h[0]);
        add(out, "tpot", "Time per output token (TPOT)", "successful streamed requests", names, h[1]);
        Histogram itl = snap.chunkGaps() == null ? new Histogram(3) : snap.chunkGaps();
        add(
                out,
                "itl",
                "Inter-token latency (ITL, chunk gaps)",
                "every streamed chunk of the run, pooled",
                List.of("whole run"),
                new Histogram[] {itl});
        add(out, "e2e_latency", "End-to-end latency", "successful requests", names, h[2]);
        return out;
    }

    /** Adds the panel of a metric that has values (a run without streaming has no TTFT, TPOT or ITL). */
    private static void add(
            List<LatencyPanel> out, String key, String label, String population, List<String> names, Histogram[] h) {
        for (Histogram x : h) {
            if (x.getTotalCount() > 0) {
                out.add(panel(key, label, population, names, h));
                return;
            }
        }
    }

    private static LatencyPanel panel(String key, String label, String population, List<String> stages, Histogram[] h) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (Histogram x : h) {
            if (x.getTotalCount() > 0) {
                lo = Math.min(lo, x.getMinValue() / 1e6);
                hi = Math.max(hi, x.getValueAtPercentile(99.9) / 1e6);
            }
        }
        if (!Double.isFinite(lo)) {
            lo = 0;
            hi = 1;
        }
        if (lo < hi * 0.25) {
            lo = 0;
        }
        double width = Ticks.niceStep(Math.max(hi - lo, 1e-3) / BINS);
        lo = Math.floor(lo / width) * width;
        int bins = (int) Math.max(1, Math.ceil((hi - lo) / width + 1e-9));
        double[] edges = new double[bins + 1];
        for (int i = 0; i <= bins; i++) {
            edges[i] = lo + i * width;
        }
        List<Series> hist = new ArrayList<>();
        List<Series> cdf = new ArrayList<>();
        List<Marker> markers = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        long beyond = 0;
        boolean one = h.length == 1;
        for (int s = 0; s < h.length; s++) {
            Histogram x = h[s];
            double[] share = new double[bins];
            if (x.getTotalCount() > 0) {
                for (HistogramIterationValue v : x.recordedValues()) {
                    double ms = x.medianEquivalentValue(v.getValueIteratedTo()) / 1e6;
                    int b = (int) Math.floor((ms - lo) / width);
                    if (b >= bins) {
                        beyond += v.getCountAtValueIteratedTo();
                        continue;
                    }
                    share[Math.max(0, b)] += 100.0 * v.getCountAtValueIteratedTo() / x.getTotalCount();
                }
                hist.add(new Series(stages.get(s), edges, share, Series.Style.HISTOGRAM, s, false));
                cdf.add(cdfSeries(stages.get(s), x, s));
                for (double p : RequestTimeline.LATENCY_PERCENTILES) {
                    double v = x.getValueAtPercentile(p) / 1e6;
                    markers.add(new Marker(v, one ? "p" + (int) p : "", Marker.Kind.PERCENTILE, s));
                }
            }
            rows.add(statRow(stages.get(s), Distribution.of(x)));
        }
        String note = population + (beyond > 0 ? "; " + beyond + " values above p99.9 not drawn" : "");
        ChartSpec histogram =
                new ChartSpec(key + "_histogram", label, note, "ms", "% of requests", hist, markers, true, null);
        ChartSpec cdfChart = new ChartSpec(
                key + "_cdf",
                label + ": CDF",
                population + "; p50, p90, p99 marked",
                "ms",
                "percentile",
                cdf,
                markers,
                true,
                null);
        ReportTable table = new ReportTable("", List.of(STAT_HEADER), rows);
        return new LatencyPanel(key, label, histogram, cdfChart, table);
    }

    private static Series cdfSeries(String name, Histogram h, int color) {
        double[] x = new double[CDF_PERCENTILES.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = h.getValueAtPercentile(CDF_PERCENTILES[i]) / 1e6;
        }
        return new Series(name, x, CDF_PERCENTILES.clone(), Series.Style.LINE, color, false);
    }

    static List<String> statRow(String stage, Distribution d) {
        if (d.isEmpty()) {
            return List.of(stage, "0", "", "", "", "", "", "", "");
        }
        return List.of(
                stage,
                Long.toString(d.count()),
                Format.ms(d.mean()),
                Format.ms(d.p50()),
                Format.ms(d.p90()),
                Format.ms(d.p95()),
                Format.ms(d.p99()),
                Format.ms(d.p999()),
                Format.ms(d.max()));
    }

    private static double[] cdfPercentiles() {
        List<Double> p = new ArrayList<>();
        for (int i = 0; i <= 99; i++) {
            p.add((double) i);
        }
        for (double v : new double[] {99.5, 99.9, 99.99, 100}) {
            p.add(v);
        }
        return p.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
