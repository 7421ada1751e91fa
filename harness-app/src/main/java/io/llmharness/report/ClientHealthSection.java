package io.llmharness.report;

import io.llmharness.client.health.ClientSamples;
import io.llmharness.metrics.ClientHealth;
import io.llmharness.metrics.Distribution;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code client_health} section of summary.json: the verdict and its reasons first, then every figure it was
 * judged on and the thresholds (layout in docs/metrics.md). Rendered once from the {@link ClientHealth} and kept as
 * a plain section, because the process-side figures cannot be recomputed from the request files.
 */
public final class ClientHealthSection {

    private ClientHealthSection() {}

    /**
     * The section.
     *
     * @param warmUp what the warm start did (free-form, written under {@code warm_up}), or null
     */
    public static Map<String, Object> of(ClientHealth h, Map<String, Object> warmUp) {
        ClientSamples s = h.samples();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", h.verdict().text());
        m.put("reasons", h.reasons());
        m.put("window_s", Units.seconds(s.windowNs()));
        m.put("requests", h.requests());
        m.put("schedule_delay_ms", distribution(h.scheduleDelay()));
        m.put("connection_wait_ms", distribution(h.connectionWait()));
        Map<String, Object> cap = new LinkedHashMap<>();
        cap.put("limit", s.capKind().key());
        cap.put("in_flight_cap", s.inFlightCap());
        cap.put("connection_cap_waits", h.capWaits());
        cap.put("connection_cap_wait_ms", distribution(h.capWait()));
        m.put("client_queue", cap);
        Map<String, Object> loop = new LinkedHashMap<>();
        loop.put("loops", s.eventLoops());
        loop.put("lag_ms", distribution(Distribution.of(s.loopLags())));
        loop.put("busy_share", s.loopBusyShare());
        m.put("event_loop", loop);
        Map<String, Object> gc = new LinkedHashMap<>();
        gc.put("collectors", s.gcCollectors());
        gc.put("pauses", s.gcPauses());
        gc.put("pause_total_ms", s.gcPauseTotalMs());
        gc.put("pause_max_ms", s.gcPauseMaxMs());
        m.put("gc", gc);
        Map<String, Object> cpu = new LinkedHashMap<>();
        cpu.put("cores_used", s.cpuCores());
        cpu.put("available_cores", s.availableCores());
        m.put("cpu", cpu);
        m.put("jit_ms", s.jitMs() < 0 ? null : s.jitMs());
        m.put("in_flight_peak", h.inFlightPeak());
        Map<String, Object> conn = new LinkedHashMap<>();
        conn.put("open_at_start", s.connectionsOpenAtStart());
        conn.put("opened", s.connectionsOpened());
        m.put("connections", conn);
        if (warmUp != null) {
            m.put("warm_up", warmUp);
        }
        m.put("thresholds", h.thresholds().toMap());
        return m;
    }

    private static Map<String, Object> distribution(Distribution d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", d.count());
        m.put("p50", d.isEmpty() ? null : Units.ms(d.p50()));
        m.put("p99", d.isEmpty() ? null : Units.ms(d.p99()));
        m.put("max", d.isEmpty() ? null : Units.ms(d.max()));
        return m;
    }
}
