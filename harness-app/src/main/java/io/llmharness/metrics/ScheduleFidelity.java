package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RequestRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * How faithfully a replay kept its schedule: per request the lag from its due time ({@code scheduled}) to the moment
 * the client began sending it ({@code dispatched}: handed to a connection, past the client's queue), with its p50,
 * p99 and max and the share of requests sent within 1 ms of due. A lag p99 above the threshold makes the replay
 * {@link ClientHealth.Verdict#CLIENT_LIMITED}: the load did not arrive when the trace said, so the server's figures
 * answer another load. Percentiles are exact (nearest rank). Immutable, no I/O.
 *
 * @param requests requests with both times
 * @param p50Ns median lag
 * @param p99Ns 99th percentile lag
 * @param maxNs largest lag
 * @param withinOneMs share of requests sent at most 1 ms after their due time (NaN without requests)
 * @param schedulerP99Ns p99 of the scheduler's own part of the lag, due to handed over ({@code issued − scheduled}:
 *     its wake-up, a machine too busy to run it)
 * @param queueP99Ns p99 of the client's part ({@code dispatched − issued}: waiting for an in-flight slot)
 * @param thresholdP99Ns the p99 above which the replay is client-limited
 * @param verdict ok or client-limited
 * @param reasons why client-limited; empty when ok
 */
public record ScheduleFidelity(
        long requests,
        long p50Ns,
        long p99Ns,
        long maxNs,
        double withinOneMs,
        long schedulerP99Ns,
        long queueP99Ns,
        long thresholdP99Ns,
        ClientHealth.Verdict verdict,
        List<String> reasons) {

    private static final long ONE_MS = 1_000_000L;

    public ScheduleFidelity {
        reasons = List.copyOf(reasons);
    }

    /** The lag of one request, ns (never negative), or {@link RequestRecord#ABSENT} when it was never sent. */
    public static long lagNs(RequestRecord r) {
        if (r.scheduledNs() == ABSENT || r.dispatchedNs() == ABSENT) {
            return ABSENT;
        }
        return Math.max(0, r.dispatchedNs() - r.scheduledNs());
    }

    /** The fidelity of a replay's requests against a p99 threshold. */
    public static ScheduleFidelity of(List<RequestRecord> records, long thresholdP99Ns) {
        long[] lags = records.stream()
                .mapToLong(ScheduleFidelity::lagNs)
                .filter(l -> l != ABSENT)
                .toArray();
        Arrays.sort(lags);
        int n = lags.length;
        long within = Arrays.stream(lags).filter(l -> l <= ONE_MS).count();
        long p99 = rank(lags, 0.99);
        List<String> reasons = new ArrayList<>();
        if (n > 0 && p99 > thresholdP99Ns) {
            reasons.add("schedule lag p99 " + ClientHealth.ms(p99) + " > " + ClientHealth.ms(thresholdP99Ns));
        }
        return new ScheduleFidelity(
                n,
                rank(lags, 0.5),
                p99,
                n == 0 ? 0 : lags[n - 1],
                n == 0 ? Double.NaN : (double) within / n,
                partP99(records, r -> r.scheduledNs(), r -> r.issuedNs()),
                partP99(records, r -> r.issuedNs(), r -> r.dispatchedNs()),
                thresholdP99Ns,
                reasons.isEmpty() ? ClientHealth.Verdict.OK : ClientHealth.Verdict.CLIENT_LIMITED,
                reasons);
    }

    /**
     * These figures with the verdict of the replay's stage as a whole ({@link ClientHealth#withReasons}: the client's
     * health over the stage, of which this lag is one reason), so that the replay's verdict and its stage's agree.
     */
    public ScheduleFidelity judgedAs(ClientHealth.Verdict stageVerdict, List<String> stageReasons) {
        return new ScheduleFidelity(
                requests,
                p50Ns,
                p99Ns,
                maxNs,
                withinOneMs,
                schedulerP99Ns,
                queueP99Ns,
                thresholdP99Ns,
                stageVerdict,
                stageReasons);
    }

    /** p99 of {@code to − from} over the records that have both (never negative), 0 when none has. */
    private static long partP99(
            List<RequestRecord> records, ToLongFunction<RequestRecord> from, ToLongFunction<RequestRecord> to) {
        long[] v = records.stream()
                .filter(r -> from.applyAsLong(r) != ABSENT && to.applyAsLong(r) != ABSENT)
                .mapToLong(r -> Math.max(0, to.applyAsLong(r) - from.applyAsLong(r)))
                .sorted()
                .toArray();
        return rank(v, 0.99);
    }

    /** Nearest-rank percentile of sorted values, 0 when there are none. */
    static long rank(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    /**
     * {@code schedule_lag_ms} for summary.json: p50, p99, max, the share sent within 1 ms, the p99 of the scheduler's
     * part and of the client queue's part (which one made a replay late), the count.
     */
    public Map<String, Object> lagMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("p50", p50Ns / 1e6);
        m.put("p99", p99Ns / 1e6);
        m.put("max", maxNs / 1e6);
        m.put("sent_within_1ms_share", Double.isNaN(withinOneMs) ? null : withinOneMs);
        m.put("scheduler_p99", schedulerP99Ns / 1e6);
        m.put("client_queue_p99", queueP99Ns / 1e6);
        m.put("requests", requests);
        return m;
    }

    /** The client-health entry for summary.json: verdict, reasons and the threshold. */
    public Map<String, Object> healthMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("verdict", verdict.text());
        m.put("reasons", reasons);
        m.put("schedule_lag_p99_threshold_ms", thresholdP99Ns / 1e6);
        return m;
    }

    /** One line for the terminal, e.g. {@code schedule lag p50 0.08 ms, p99 0.41 ms, max 2.1 ms; 99.7% ...}. */
    public String line() {
        return String.format(
                Locale.ROOT,
                "schedule lag p50 %s, p99 %s, max %s; %.1f%% sent within 1 ms of due; client health: %s",
                ClientHealth.ms(p50Ns),
                ClientHealth.ms(p99Ns),
                ClientHealth.ms(maxNs),
                Double.isNaN(withinOneMs) ? 0 : withinOneMs * 100,
                verdict.text() + (reasons.isEmpty() ? "" : " (" + String.join("; ", reasons) + ")"));
    }
}
