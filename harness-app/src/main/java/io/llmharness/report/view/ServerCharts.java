package io.llmharness.report.view;

import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.metrics.server.ServerSignal;
import io.llmharness.metrics.server.ServerTimeline;
import io.llmharness.metrics.server.SignalSeries;
import io.llmharness.metrics.server.SignalStats;
import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Marker;
import io.llmharness.report.chart.Series;
import io.llmharness.report.chart.Ticks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Server metrics over time on the report's time axis: requests running and waiting, KV-cache use, prefix-cache
 * hit rate, generation and prompt tokens per second, preemptions; one line per server (and their total) when the
 * run balanced over several.
 */
final class ServerCharts {

    private ServerCharts() {}

    static ServerPanel of(ServerTimeline timeline, ServerMetricsSummary summary, double[] domain, List<Marker> stages) {
        if (timeline == null) {
            return new ServerPanel(
                    List.of(),
                    null,
                    "Server metrics were not scraped. Run with --enable-metrics (and --metrics-interval SECONDS) to"
                            + " record the servers' /metrics next to the requests.");
        }
        if (timeline.scrapes() == 0) {
            return new ServerPanel(
                    List.of(),
                    null,
                    "Server metrics were asked for, but no server answered GET /metrics (harness.log says why;"
                            + " SGLang serves it only with --enable-metrics).");
        }
        List<ChartSpec> charts = new ArrayList<>();
        add(
                charts,
                timeline,
                "server_requests",
                "Requests on the server",
                "requests",
                1,
                domain,
                stages,
                ServerSignal.RUNNING,
                ServerSignal.WAITING);
        add(
                charts,
                timeline,
                "server_kv_cache",
                "KV-cache usage",
                "% of the KV cache",
                100,
                domain,
                stages,
                ServerSignal.KV_CACHE_USAGE);
        add(
                charts,
                timeline,
                "server_prefix_cache",
                "Prefix-cache hit rate",
                "% of prompt tokens",
                100,
                domain,
                stages,
                ServerSignal.PREFIX_CACHE_HIT_RATE);
        add(
                charts,
                timeline,
                "server_tokens",
                "Tokens per second on the server",
                "tokens/s",
                1,
                domain,
                stages,
                ServerSignal.GENERATION_TOKENS,
                ServerSignal.PROMPT_TOKENS);
        add(
                charts,
                timeline,
                "server_preemptions",
                "Preemptions per second",
                "preemptions/s",
                1,
                domain,
                stages,
                ServerSignal.PREEMPTIONS);
        String note = timeline.scrapes() + " scrapes of " + String.join(", ", timeline.servers())
                + (Double.isFinite(timeline.medianIntervalS())
                        ? ", every " + Ticks.label(timeline.medianIntervalS()) + " s"
                        : "")
                + (charts.isEmpty() ? "; none of the known vLLM or SGLang metrics was exposed" : "");
        return new ServerPanel(charts, summary == null ? null : table(summary), note);
    }

    private static void add(
            List<ChartSpec> out,
            ServerTimeline timeline,
            String id,
            String title,
            String unit,
            double scale,
            double[] domain,
            List<Marker> stages,
            ServerSignal... signals) {
        List<Series> series = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        int color = 0;
        for (ServerSignal signal : signals) {
            if (!timeline.has(signal)) {
                continue;
            }
            List<SignalSeries> each = timeline.perServer(signal);
            String prefix =
                    signals.length > 1 ? signal.label().replace(" requests", "").replace("tokens/s", "") : "";
            if (each.size() > 1) {
                SignalSeries all = timeline.combined(signal);
                series.add(series(join(prefix, "all servers"), all, scale, color++, false, domain));
                for (SignalSeries s : each) {
                    series.add(series(join(prefix, shortName(s.server())), s, scale, color++, true, domain));
                }
            } else {
                series.add(
                        series(prefix.isEmpty() ? signal.label() : prefix, each.get(0), scale, color++, false, domain));
            }
            sources.add(each.get(0).source().metric()
                    + (each.get(0).source().denominator() == null
                            ? ""
                            : " / " + each.get(0).source().denominator()));
        }
        if (series.stream().mapToInt(Series::points).sum() == 0) {
            return;
        }
        out.add(new ChartSpec(
                id,
                title,
                "from " + String.join(", ", sources),
                "seconds since run start",
                unit,
                series,
                stages,
                true,
                domain));
    }

    /** The points of a signal on the report's time axis (scrapes before it, e.g. during a warm-up, are left out). */
    private static Series series(
            String name, SignalSeries s, double scale, int color, boolean dashed, double[] domain) {
        int from = 0;
        while (from < s.size() && s.timesS()[from] < domain[0]) {
            from++;
        }
        int to = from;
        while (to < s.size() && s.timesS()[to] <= domain[1]) {
            to++;
        }
        double[] x = Arrays.copyOfRange(s.timesS(), from, to);
        double[] y = new double[to - from];
        for (int i = 0; i < y.length; i++) {
            y[i] = s.values()[from + i] * scale;
        }
        return new Series(name, x, y, Series.Style.LINE, color, dashed);
    }

    /** A server URL without its scheme, for legends. */
    static String shortName(String url) {
        return url.replaceFirst("^[a-zA-Z]+://", "").replaceFirst("/$", "");
    }

    private static String join(String prefix, String what) {
        return prefix.isEmpty() ? what : prefix + ", " + what;
    }

    private static ReportTable table(ServerMetricsSummary s) {
        List<String> header = new ArrayList<>(List.of("stage"));
        List<ServerSignal> shown = new ArrayList<>();
        for (ServerSignal signal : ServerSignal.values()) {
            if (s.sources().containsKey(signal)) {
                shown.add(signal);
                header.add(signal.label() + " (" + unitOf(signal) + ")");
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (ServerMetricsSummary.Stage st : s.stages()) {
            List<String> row = new ArrayList<>(List.of(st.window().name()));
            for (ServerSignal signal : shown) {
                row.add(cell(signal, st.signals().get(signal)));
            }
            rows.add(row);
        }
        return new ReportTable("mean / max per stage", header, rows);
    }

    private static String unitOf(ServerSignal s) {
        return s.unit().equals("fraction") ? "%" : s.unit();
    }

    private static String cell(ServerSignal signal, SignalStats v) {
        if (v == null || v.isEmpty()) {
            return "–";
        }
        double k = signal.unit().equals("fraction") ? 100 : 1;
        String mean = v.mean() == null ? "–" : Format.sig(v.mean() * k);
        String max = v.max() == null ? "–" : Format.sig(v.max() * k);
        return signal.combine() == ServerSignal.Combine.RATIO ? mean : mean + " / " + max;
    }
}
