package io.llmharness.run;

import io.llmharness.loadgen.PeakProbeListener;
import io.llmharness.loadgen.TestResult;
import io.llmharness.loadgen.results.PerformanceSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The runs of a peak search ({@code --find-peak}): one line on the terminal as each run ends (QPS tried, whether it
 * met the latency limits, the latencies that decided), the headline with the peak, and the {@code find_peak} part of
 * {@code summary.json}.
 */
final class PeakProbes implements PeakProbeListener {

    /** One run of the search, as reported. */
    record Probe(
            Stage stage, double targetQps, boolean met, long latencyNs, long ttftNs, long tpotNs, boolean tokens) {}

    private final RunConsole console;
    private final List<Probe> probes = new CopyOnWriteArrayList<>();

    PeakProbes(RunConsole console) {
        this.console = console;
    }

    @Override
    public void probed(Stage stage, PerformanceSummary run) {
        boolean tokens = run.settings().useTokenLatencies();
        Probe p = new Probe(
                stage,
                run.settings().targetQps(),
                run.perfConstraintsMet(),
                run.samples().target(),
                tokens ? run.firstToken().target() : 0,
                tokens ? run.timePerOutputToken().target() : 0,
                tokens);
        probes.add(p);
        console.note(line(probes.size(), p, run.settings().targetLatencyPercentile()));
    }

    List<Probe> probes() {
        return List.copyOf(probes);
    }

    static String line(int n, Probe p, double percentile) {
        String pct = "p" + trim(percentile * 100);
        String latencies = p.tokens()
                ? "TTFT " + pct + " " + ms(p.ttftNs()) + ", TPOT " + pct + " " + ms(p.tpotNs())
                : "latency " + pct + " " + ms(p.latencyNs());
        return String.format(
                Locale.ROOT,
                "Peak search: probe %d (%s) at %.2f QPS: %s (%s)",
                n,
                p.stage().name().toLowerCase(Locale.ROOT),
                p.targetQps(),
                p.met() ? "meets the latency limits" : "misses the latency limits",
                latencies);
    }

    /** Whether a test was a peak search. */
    static boolean isPeakSearch(TestResult lg) {
        return lg != null && lg.mode() == io.llmharness.loadgen.TestMode.FIND_PEAK_PERFORMANCE;
    }

    /** The first result line of a peak search that ran: the peak, or that even the starting QPS failed. */
    static String headline(String title, PerformanceSummary reported) {
        double qps = reported.settings().targetQps();
        return reported.perfConstraintsMet()
                ? String.format(Locale.ROOT, "%s: Peak QPS : %.2f (meets the latency limits)", title, qps)
                : String.format(
                        Locale.ROOT,
                        "%s: no peak found: the starting %.2f QPS already misses the latency limits;"
                                + " start lower with --server-target-qps",
                        title,
                        qps);
    }

    /** The {@code find_peak} section of summary.json. */
    static Map<String, Object> section(TestResult lg, List<Probe> probes) {
        Map<String, Object> m = new LinkedHashMap<>();
        PerformanceSummary reported = lg.performance().orElse(null);
        boolean found = reported != null && reported.perfConstraintsMet() && !lg.aborted();
        m.put("found", found);
        m.put("peak_qps", found ? reported.settings().targetQps() : null);
        if (reported != null) {
            m.put("decimals_of_precision", reported.settings().requested().serverFindPeakQpsDecimalsOfPrecision);
            m.put("boundary_step_size", reported.settings().requested().serverFindPeakQpsBoundaryStepSize);
        }
        List<Map<String, Object>> list = new ArrayList<>();
        for (Probe p : probes) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("stage", p.stage().name().toLowerCase(Locale.ROOT));
            row.put("target_qps", p.targetQps());
            row.put("meets_latency_limits", p.met());
            row.put("latency_target_percentile_ns", p.latencyNs());
            if (p.tokens()) {
                row.put("ttft_target_percentile_ns", p.ttftNs());
                row.put("tpot_target_percentile_ns", p.tpotNs());
            }
            list.add(row);
        }
        m.put("probes", list);
        return m;
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.2f ms", ns / 1e6);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
