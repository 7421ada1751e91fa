package io.llmharness.report.view;

import io.llmharness.metrics.StageWindow;
import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Marker;
import io.llmharness.report.chart.Series;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Charts over time from a {@link RequestTimeline}: one shared x axis (seconds from the run start), stage boundaries marked. */
final class TimelineCharts {

    private final RequestTimeline t;
    private final List<Server> servers;
    private final double[] x;
    private final List<Marker> stages;
    private final String bucket;

    /** One server of a run balanced over several: its URL and its own requests' timeline on the run's axis. */
    record Server(String url, RequestTimeline timeline) {}

    /** @param servers one entry per server when the run balanced over several (one chart series each), else empty */
    TimelineCharts(RequestTimeline t, List<Server> servers, List<StageWindow> stageWindows) {
        this.t = t;
        this.servers = List.copyOf(servers);
        this.x = t.axis().centers();
        this.stages = stageMarkers(stageWindows);
        this.bucket = t.axis().widthText() + " buckets";
    }

    /**
     * Start of each stage, labelled with its short name (up to a colon: {@code stage 2} of {@code stage 2: 30 req/s
     * for 60 s}, the full name being in the legends and tables), and the end of the last one.
     */
    static List<Marker> stageMarkers(List<StageWindow> stages) {
        List<Marker> out = new ArrayList<>();
        for (StageWindow s : stages) {
            int colon = s.name().indexOf(':');
            String label = colon > 0 ? s.name().substring(0, colon) : s.name();
            out.add(new Marker(s.startSeconds(), label, Marker.Kind.STAGE, 0));
        }
        if (!stages.isEmpty()) {
            out.add(new Marker(stages.get(stages.size() - 1).endSeconds(), "end", Marker.Kind.STAGE, 0));
        }
        return out;
    }

    /** The x range every time chart of the report shares. */
    double[] domain() {
        return t.axis().domain();
    }

    /** Markers of the stage boundaries. */
    List<Marker> stageMarkers() {
        return stages;
    }

    List<ChartSpec> throughputAndLatency() {
        List<ChartSpec> out = new ArrayList<>();
        List<Series> rps = new ArrayList<>();
        rps.add(Series.line("completed", x, t.okPerS(), 0));
        if (Arrays.stream(t.failedPerS()).anyMatch(v -> v > 0)) {
            rps.add(Series.line("failed", x, t.failedPerS(), 2));
        }
        out.add(chart(
                "requests_per_second", "Requests per second", "by completion time, " + bucket, "requests/s", rps));
        out.add(chart(
                "output_tokens_per_second",
                "Output tokens per second",
                "client side: each request's tokens spread from its first to its last token, " + bucket,
                "tokens/s",
                List.of(Series.line("output tokens/s", x, t.tokensPerS(), 1))));
        String key =
                t.axis().byDispatch() ? "by dispatch time (all requests were scheduled at once)" : "by scheduled time";
        out.add(percentiles("ttft_over_time", "TTFT over time", key, t.ttft()));
        out.add(percentiles("tpot_over_time", "TPOT over time", key, t.tpot()));
        out.add(percentiles("e2e_latency_over_time", "E2E latency over time", key, t.e2e()));
        out.addAll(perServer(key));
        return out.stream().filter(c -> c.points() > 0).toList(); // no TTFT or TPOT without streaming
    }

    /**
     * With several servers, one series per server: completions per second, and the TTFT p50 (the e2e p50 when the
     * run did not stream), so a slow or starved replica shows as its own line.
     */
    private List<ChartSpec> perServer(String key) {
        if (servers.size() < 2) {
            return List.of();
        }
        List<Series> rps = new ArrayList<>();
        List<Series> ttft = new ArrayList<>();
        List<Series> e2e = new ArrayList<>();
        for (int i = 0; i < servers.size(); i++) {
            Server s = servers.get(i);
            String name = "server " + i + " " + s.url();
            rps.add(Series.line(name, x, s.timeline().okPerS(), i));
            ttft.add(Series.line(name, x, s.timeline().ttft()[0], i));
            e2e.add(Series.line(name, x, s.timeline().e2e()[0], i));
        }
        ChartSpec latency =
                chart("ttft_by_server", "TTFT p50 by server", "successful requests " + key + ", " + bucket, "ms", ttft);
        if (latency.points() == 0) {
            latency = chart(
                    "e2e_latency_by_server",
                    "E2E latency p50 by server",
                    "successful requests " + key + ", " + bucket,
                    "ms",
                    e2e);
        }
        return List.of(
                chart(
                        "requests_per_second_by_server",
                        "Requests per second by server",
                        "by completion time, " + bucket,
                        "requests/s",
                        rps),
                latency);
    }

    List<ChartSpec> clientHealth() {
        String key = t.axis().byDispatch() ? "by dispatch time" : "by scheduled time";
        double[][] d = t.delay();
        ChartSpec delay = chart(
                "schedule_delay_over_time",
                "Schedule delay (issued − scheduled)",
                "the harness's own lateness, every request, " + key + ", " + bucket,
                "ms",
                List.of(
                        Series.line("p50", x, d[0], 0),
                        Series.line("p99", x, d[1], 2),
                        new Series("max", x, d[2], Series.Style.LINE, 7, true)));
        ChartSpec flight = chart(
                "in_flight_over_time",
                "Requests in flight in the client",
                "in flight: dispatched → done; queued: issued, waiting for an in-flight slot; " + bucket,
                "requests",
                List.of(
                        Series.line("in flight (mean)", x, t.inFlight()[0], 0),
                        new Series("in flight (max)", x, t.inFlight()[1], Series.Style.LINE, 0, true),
                        Series.line("queued (mean)", x, t.queued()[0], 1)));
        return List.of(delay, flight);
    }

    private ChartSpec percentiles(String id, String title, String key, double[][] p) {
        return chart(
                id,
                title,
                "successful requests " + key + ", " + bucket,
                "ms",
                List.of(
                        Series.line("p50", x, p[0], 0),
                        Series.line("p90", x, p[1], 1),
                        Series.line("p99", x, p[2], 2)));
    }

    private ChartSpec chart(String id, String title, String subtitle, String yLabel, List<Series> series) {
        return new ChartSpec(id, title, subtitle, "seconds since run start", yLabel, series, stages, true, domain());
    }
}
