package io.llmharness.report;

import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.metrics.server.ServerSignal;
import io.llmharness.metrics.server.SignalStats;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * The {@code server_metrics} section of summary.json, the same in MLPerf and workload runs: {@code file},
 * {@code scrapes}, {@code interval_s}, {@code servers}, {@code sources} (the metric each signal came from, per
 * server), and {@code stages}: per stage its {@code name}, {@code start_s}, {@code end_s} and one object per signal
 * ({@code unit}, {@code mean}, {@code max}, and {@code total} for counters), null for a signal no server exposed.
 * Values keep 6 significant digits.
 */
public final class ServerMetricsJson {

    private static final MathContext DIGITS = new MathContext(6);

    private ServerMetricsJson() {}

    /** The section as an ordered JSON-like map: strings, integers, {@link BigDecimal}s, lists, maps and nulls. */
    public static SequencedMap<String, Object> section(ServerMetricsSummary s) {
        SequencedMap<String, Object> out = new LinkedHashMap<>();
        out.put("file", ServerMetricsFile.FILE);
        out.put("scrapes", s.scrapes());
        out.put("interval_s", round(s.intervalS()));
        out.put("servers", List.copyOf(s.servers()));
        SequencedMap<String, Object> sources = new LinkedHashMap<>();
        for (Map.Entry<ServerSignal, Map<String, String>> e : s.sources().entrySet()) {
            sources.put(e.getKey().key(), new LinkedHashMap<>(e.getValue()));
        }
        out.put("sources", sources);
        List<Object> stages = new ArrayList<>();
        for (ServerMetricsSummary.Stage st : s.stages()) {
            SequencedMap<String, Object> m = new LinkedHashMap<>();
            m.put("name", st.window().name());
            m.put("start_s", Units.seconds(st.window().startNs()));
            m.put("end_s", Units.seconds(st.window().endNs()));
            for (Map.Entry<ServerSignal, SignalStats> e : st.signals().entrySet()) {
                m.put(e.getKey().key(), signal(e.getKey(), e.getValue()));
            }
            stages.add(m);
        }
        out.put("stages", stages);
        return out;
    }

    private static Map<String, Object> signal(ServerSignal signal, SignalStats v) {
        if (v.isEmpty()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("unit", signal.unit());
        m.put("mean", round(v.mean()));
        m.put("max", round(v.max()));
        if (signal.sources().stream().anyMatch(x -> x.kind() == ServerSignal.Source.Kind.RATE)) {
            m.put("total", round(v.total()));
        }
        return m;
    }

    static BigDecimal round(Double d) {
        if (d == null || !Double.isFinite(d)) {
            return null;
        }
        return BigDecimal.valueOf(d).round(DIGITS).stripTrailingZeros();
    }
}
