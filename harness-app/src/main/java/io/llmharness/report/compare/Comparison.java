package io.llmharness.report.compare;

import io.llmharness.report.RunOutputs;
import io.llmharness.report.SummaryDoc;
import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Series;
import io.llmharness.report.view.Format;
import io.llmharness.report.view.ReportTable;
import io.llmharness.report.view.RunCurves;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs side by side: the headline metrics with deltas against the first run (the baseline), and one overlaid chart
 * per metric. Runs are labelled A, B, C, … in the order given.
 *
 * @param runs the runs, in the order given
 * @param rows one row per metric any run has: the values, and for every run after the first its delta
 * @param charts overlaid latency CDFs and throughput over time, one series per run
 */
public record Comparison(List<Run> runs, List<Row> rows, List<ChartSpec> charts) {

    /**
     * One run of a comparison.
     *
     * @param label A, B, C, …
     * @param doc its summary
     */
    public record Run(String label, SummaryDoc doc) {
        /** The label and run id, e.g. {@code A: 20260101-…-server-performance}. */
        public String name() {
            return label + ": " + doc.runId();
        }
    }

    /**
     * One metric across the runs.
     *
     * @param label the metric with its unit
     * @param values one value per run (null where a run has none)
     * @param higherIsBetter whether a larger value is an improvement (null for neither)
     */
    public record Row(String label, List<Double> values, Boolean higherIsBetter) {

        /** The change of run {@code i} against the first run, or null. */
        public Double delta(int i) {
            Double a = values.get(0);
            Double b = values.get(i);
            return a == null || b == null ? null : b - a;
        }

        /** The relative change of run {@code i} against the first run in percent, or null. */
        public Double deltaPercent(int i) {
            Double d = delta(i);
            Double a = values.get(0);
            return d == null || a == 0 ? null : d / Math.abs(a) * 100;
        }

        /** +1 when run {@code i} is better than the first, -1 when worse, 0 when equal or undecided. */
        public int verdict(int i) {
            Double d = delta(i);
            if (d == null || d == 0 || higherIsBetter == null) {
                return 0;
            }
            return (d > 0) == higherIsBetter ? 1 : -1;
        }
    }

    /** Compares run directories (each must hold summary.json and its request file). */
    public static Comparison of(List<Path> dirs) {
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < dirs.size(); i++) {
            runs.add(new Run(label(i), SummaryDoc.read(dirs.get(i))));
        }
        List<Row> rows = new ArrayList<>();
        for (CompareRow r : CompareRow.ROWS) {
            List<Double> values =
                    runs.stream().map(x -> r.value().apply(x.doc())).toList();
            if (values.stream().anyMatch(v -> v != null)) {
                rows.add(new Row(r.label(), new ArrayList<>(values), r.higherIsBetter()));
            }
        }
        List<RunCurves> curves = new ArrayList<>();
        for (Path d : dirs) {
            curves.add(RunCurves.of(RunOutputs.readRecords(d)));
        }
        return new Comparison(runs, rows, charts(runs, curves));
    }

    /** A, B, …, Z, AA, AB, … */
    static String label(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : label(i / 26 - 1) + (char) ('A' + i % 26);
    }

    private static List<ChartSpec> charts(List<Run> runs, List<RunCurves> curves) {
        List<ChartSpec> out = new ArrayList<>();
        Map<String, String> titles = Map.of(
                "ttft", "TTFT",
                "tpot", "TPOT",
                "itl", "ITL (chunk gaps)",
                "e2e_latency", "E2E latency");
        for (String key : List.of("ttft", "tpot", "itl", "e2e_latency")) {
            List<Series> series = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                double[][] c = curves.get(i).cdfs().get(key);
                if (c != null) {
                    series.add(new Series(runs.get(i).name(), c[0], c[1], Series.Style.LINE, i, false));
                }
            }
            if (!series.isEmpty()) {
                out.add(new ChartSpec(
                        "compare_" + key + "_cdf",
                        titles.get(key) + ": CDF",
                        "successful requests of each whole run",
                        "ms",
                        "percentile",
                        series,
                        List.of(),
                        true,
                        null));
            }
        }
        out.add(overTime(
                "compare_output_tokens_per_second", "Output tokens per second", "tokens/s", runs, curves, true));
        out.add(overTime(
                "compare_requests_per_second", "Requests per second (completed)", "requests/s", runs, curves, false));
        return out;
    }

    private static ChartSpec overTime(
            String id, String title, String unit, List<Run> runs, List<RunCurves> curves, boolean tokens) {
        List<Series> series = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunCurves c = curves.get(i);
            series.add(Series.line(runs.get(i).name(), c.timeS(), tokens ? c.tokensPerS() : c.requestsPerS(), i));
        }
        return new ChartSpec(
                id,
                title,
                "each run from its own start",
                "seconds since the first request",
                unit,
                series,
                List.of(),
                true,
                null);
    }

    /** The comparison as a text table: metric, then per run its value and, after the first, Δ and Δ %. */
    public ReportTable table() {
        List<String> header = new ArrayList<>(List.of("metric"));
        for (int i = 0; i < runs.size(); i++) {
            header.add(runs.get(i).label());
            if (i > 0) {
                header.add("Δ " + runs.get(i).label());
                header.add("Δ% " + runs.get(i).label());
            }
        }
        List<List<String>> out = new ArrayList<>();
        List<String> result = new ArrayList<>(List.of("result"));
        for (int i = 0; i < runs.size(); i++) {
            result.add(runs.get(i).doc().result());
            if (i > 0) {
                result.add("");
                result.add("");
            }
        }
        out.add(result);
        for (Row r : rows) {
            List<String> cells = new ArrayList<>(List.of(r.label()));
            for (int i = 0; i < runs.size(); i++) {
                cells.add(
                        r.values().get(i) == null ? "–" : Format.sig(r.values().get(i)));
                if (i > 0) {
                    cells.add(delta(r.delta(i)));
                    cells.add(percent(r.deltaPercent(i)));
                }
            }
            out.add(cells);
        }
        return new ReportTable("", header, out);
    }

    static String delta(Double d) {
        if (d == null) {
            return "–";
        }
        return d == 0 ? "0" : (d > 0 ? "+" : "") + Format.sig(d);
    }

    static String percent(Double p) {
        return p == null ? "–" : String.format(Locale.ROOT, "%+.1f %%", p == 0 ? 0.0 : p);
    }
}
