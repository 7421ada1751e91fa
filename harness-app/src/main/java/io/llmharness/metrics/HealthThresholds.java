package io.llmharness.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Limits beyond which a run is {@code client-limited}: the client, not the server, shaped the numbers. Immutable;
 * {@link #defaults()} are documented in docs/performance.md and overridden with
 * {@code --client-health-threshold KEY=VALUE}.
 *
 * @param scheduleDelayP99Ns issued − scheduled, 99th percentile (the load generator was late)
 * @param connectionWaitP99Ns connected − dispatched, 99th percentile (waiting for the pool, opening connections)
 * @param loopLagP99Ns event-loop lag, 99th percentile (time stamps taken late, sends delayed)
 * @param gcPauseMaxNs longest stop-the-world GC pause
 * @param gcPauseShare GC pauses / window
 * @param cpuShare process CPU / available cores at or above which the client is CPU-bound
 */
public record HealthThresholds(
        long scheduleDelayP99Ns,
        long connectionWaitP99Ns,
        long loopLagP99Ns,
        long gcPauseMaxNs,
        double gcPauseShare,
        double cpuShare) {

    /** The keys of {@link #with(String)}, in documentation order. */
    public static final List<String> KEYS = List.of(
            "schedule_delay_p99_ms",
            "connection_wait_p99_ms",
            "loop_lag_p99_ms",
            "gc_pause_max_ms",
            "gc_pause_share",
            "cpu_share");

    private static final long MS = 1_000_000L;

    public HealthThresholds {
        if (scheduleDelayP99Ns <= 0 || connectionWaitP99Ns <= 0 || loopLagP99Ns <= 0 || gcPauseMaxNs <= 0) {
            throw new IllegalArgumentException("time thresholds must be > 0");
        }
        if (!(gcPauseShare > 0) || !(cpuShare > 0) || gcPauseShare > 1 || cpuShare > 1) {
            throw new IllegalArgumentException("shares must be in (0, 1]");
        }
    }

    /** Schedule delay 2 ms, connection wait 10 ms, loop lag 2 ms, GC pause 50 ms or 5 %, CPU 95 % of the cores. */
    public static HealthThresholds defaults() {
        return new HealthThresholds(2 * MS, 10 * MS, 2 * MS, 50 * MS, 0.05, 0.95);
    }

    /**
     * The defaults with each {@code key=value} of {@code keyValues} applied in order ({@link #with(String)}): what
     * {@code --client-health-threshold} gives, in MLPerf and in workload mode alike.
     *
     * @throws IllegalArgumentException whose message is the entry, then why it is not usable
     *     ({@code cpu_share=2: cpu_share=2: must be a fraction in (0, 1]})
     */
    public static HealthThresholds of(List<String> keyValues) {
        HealthThresholds t = defaults();
        for (String kv : keyValues) {
            try {
                t = t.with(kv);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(kv + ": " + e.getMessage(), e);
            }
        }
        return t;
    }

    /**
     * These thresholds with one changed, from {@code key=value} ({@link #KEYS}; {@code _ms} keys take
     * milliseconds, {@code _share} keys a fraction in (0, 1]).
     *
     * @throws IllegalArgumentException naming the key and the accepted values when the text is not usable
     */
    public HealthThresholds with(String keyValue) {
        int eq = keyValue.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("'" + keyValue + "' is not KEY=VALUE; keys: " + String.join(", ", KEYS));
        }
        String key = keyValue.substring(0, eq).strip().toLowerCase(Locale.ROOT);
        String text = keyValue.substring(eq + 1).strip();
        if (!KEYS.contains(key)) {
            throw new IllegalArgumentException("unknown key '" + key + "'; keys: " + String.join(", ", KEYS));
        }
        double v;
        try {
            v = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + text + ": not a number");
        }
        boolean share = key.endsWith("_share");
        if (!(v > 0) || Double.isInfinite(v) || (share && v > 1)) {
            throw new IllegalArgumentException(
                    key + "=" + text + ": must be " + (share ? "a fraction in (0, 1]" : "a positive number of ms"));
        }
        long ns = Math.round(v * MS);
        return switch (key) {
            case "schedule_delay_p99_ms" ->
                new HealthThresholds(ns, connectionWaitP99Ns, loopLagP99Ns, gcPauseMaxNs, gcPauseShare, cpuShare);
            case "connection_wait_p99_ms" ->
                new HealthThresholds(scheduleDelayP99Ns, ns, loopLagP99Ns, gcPauseMaxNs, gcPauseShare, cpuShare);
            case "loop_lag_p99_ms" ->
                new HealthThresholds(scheduleDelayP99Ns, connectionWaitP99Ns, ns, gcPauseMaxNs, gcPauseShare, cpuShare);
            case "gc_pause_max_ms" ->
                new HealthThresholds(scheduleDelayP99Ns, connectionWaitP99Ns, loopLagP99Ns, ns, gcPauseShare, cpuShare);
            case "gc_pause_share" ->
                new HealthThresholds(scheduleDelayP99Ns, connectionWaitP99Ns, loopLagP99Ns, gcPauseMaxNs, v, cpuShare);
            default ->
                new HealthThresholds(
                        scheduleDelayP99Ns, connectionWaitP99Ns, loopLagP99Ns, gcPauseMaxNs, gcPauseShare, v);
        };
    }

    /** The thresholds by key, milliseconds and fractions as in {@link #KEYS}. */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("schedule_delay_p99_ms", scheduleDelayP99Ns / (double) MS);
        m.put("connection_wait_p99_ms", connectionWaitP99Ns / (double) MS);
        m.put("loop_lag_p99_ms", loopLagP99Ns / (double) MS);
        m.put("gc_pause_max_ms", gcPauseMaxNs / (double) MS);
        m.put("gc_pause_share", gcPauseShare);
        m.put("cpu_share", cpuShare);
        return m;
    }
}
