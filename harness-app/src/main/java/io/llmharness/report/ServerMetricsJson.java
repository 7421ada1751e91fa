package io.llmharness.report;

import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.metrics.server.ServerSignal;
import io.llmharness.metrics.server.SignalStats;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;

/**
 * The {@code server_metrics} section of summary.json: scrape count and interval, the metric each signal came from
 * per server, and per stage one object per signal ({@code unit}, {@code mean}, {@code max}, and {@code total} for
 * counters). Values keep 6 significant digits.
 */
final class ServerMetricsJson {

    private static final MathContext DIGITS = new MathContext(6);

    private ServerMetricsJson() {}

    static void write(ReportJson out, ServerMetricsSummary s) throws IOException {
        out.start("server_metrics")
                .field("file", ServerMetricsFile.FILE)
                .field("scrapes", s.scrapes())
                .field("interval_s", round(s.intervalS()));
        out.value("servers", s.servers());
        out.start("sources");
        for (Map.Entry<ServerSignal, Map<String, String>> e : s.sources().entrySet()) {
            out.value(e.getKey().key(), e.getValue());
        }
        out.end().startArray("stages");
        for (ServerMetricsSummary.Stage st : s.stages()) {
            out.start(null)
                    .field("name", st.window().name())
                    .field("start_s", Units.seconds(st.window().startNs()))
                    .field("end_s", Units.seconds(st.window().endNs()));
            for (Map.Entry<ServerSignal, SignalStats> e : st.signals().entrySet()) {
                signal(out, e.getKey(), e.getValue());
            }
            out.end();
        }
        out.endArray().end();
    }

    private static void signal(ReportJson out, ServerSignal signal, SignalStats v) throws IOException {
        if (v.isEmpty()) {
            out.value(signal.key(), null);
            return;
        }
        out.start(signal.key())
                .field("unit", signal.unit())
                .field("mean", round(v.mean()))
                .field("max", round(v.max()));
        if (signal.sources().stream().anyMatch(x -> x.kind() == ServerSignal.Source.Kind.RATE)) {
            out.field("total", round(v.total()));
        }
        out.end();
    }

    static BigDecimal round(Double d) {
        if (d == null || !Double.isFinite(d)) {
            return null;
        }
        return BigDecimal.valueOf(d).round(DIGITS).stripTrailingZeros();
    }
}
