package io.llmharness.run.bench;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.ClientHealth;
import io.llmharness.metrics.ScheduleFidelity;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.trace.ReplayPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a trace replay adds to a run's results: the schedule fidelity ({@code schedule_lag_ms} and the replay's
 * client-health verdict) and, per session, its turns, its duration and TTFT by turn number. Written into
 * summary.json ({@code schedule_lag_ms} and {@code replay}) and printed at the end of the run.
 *
 * @param plan the replay's plan
 * @param fidelity lag of the sent requests behind their due times
 * @param sessions sessions with at least one request sent
 * @param maxAlive most sessions alive at once (first turn dispatched to last turn done)
 * @param turnsSent requests sent per session, summed
 * @param ttftByTurn per turn number (from 1): TTFT of its streamed, successful requests, ms
 * @param durationsS per session: first turn's due time to last turn's end, seconds
 */
record ReplaySummary(
        ReplayPlan plan,
        ScheduleFidelity fidelity,
        int sessions,
        int maxAlive,
        long turnsSent,
        Map<Integer, double[]> ttftByTurn,
        double[] durationsS) {

    /** summary.json's field with p50, p99 and max of the lag, ms. */
    static final String LAG_FIELD = "schedule_lag_ms";

    static final String REPLAY_FIELD = "replay";

    /** The summary of a run's replay stage, or null when the run replayed no trace. */
    static ReplaySummary of(List<StageRun> stages) {
        for (StageRun s : stages) {
            if (s.stage() instanceof Stage.Replay rp) {
                return of(rp.plan(), s.records());
            }
        }
        return null;
    }

    /** The summary of a replay's records ({@link BenchRecord#indexInStage()} is the row's index in the plan). */
    static ReplaySummary of(ReplayPlan plan, List<BenchRecord> records) {
        int[] sessionOf = new int[plan.requests()];
        int[] turnOf = new int[plan.requests()];
        for (int k = 0; k < plan.sessions().size(); k++) {
            for (ReplayPlan.Turn t : plan.sessions().get(k).turns()) {
                sessionOf[t.index()] = k;
                turnOf[t.index()] = t.number();
            }
        }
        long[] first = new long[plan.sessions().size()];
        long[] firstSent = new long[plan.sessions().size()];
        long[] last = new long[plan.sessions().size()];
        Arrays.fill(first, Long.MAX_VALUE);
        Arrays.fill(firstSent, Long.MAX_VALUE);
        Arrays.fill(last, Long.MIN_VALUE);
        Map<Integer, List<Double>> ttft = new TreeMap<>();
        List<RequestRecord> recs = new ArrayList<>();
        for (BenchRecord b : records) {
            RequestRecord r = b.record();
            recs.add(r);
            int k = sessionOf[(int) b.indexInStage()];
            first[k] = Math.min(first[k], r.scheduledNs());
            if (r.dispatchedNs() != ABSENT) {
                firstSent[k] = Math.min(firstSent[k], r.dispatchedNs());
            }
            if (r.doneNs() != ABSENT) {
                last[k] = Math.max(last[k], r.doneNs());
            }
            if (r.ok() && r.stream() && r.ttftNs() != ABSENT) {
                ttft.computeIfAbsent(turnOf[(int) b.indexInStage()], t -> new ArrayList<>())
                        .add(r.ttftNs() / 1e6);
            }
        }
        List<Double> durations = new ArrayList<>();
        List<long[]> alive = new ArrayList<>();
        for (int k = 0; k < first.length; k++) {
            if (first[k] != Long.MAX_VALUE && last[k] != Long.MIN_VALUE) {
                durations.add((last[k] - first[k]) / 1e9);
                if (firstSent[k] != Long.MAX_VALUE) {
                    alive.add(new long[] {firstSent[k], last[k]});
                }
            }
        }
        Map<Integer, double[]> byTurn = new TreeMap<>();
        ttft.forEach((t, v) -> byTurn.put(
                t, v.stream().mapToDouble(Double::doubleValue).sorted().toArray()));
        return new ReplaySummary(
                plan,
                ScheduleFidelity.of(recs, plan.options().lagThresholdNs()),
                durations.size(),
                peak(alive),
                records.size(),
                byTurn,
                durations.stream().mapToDouble(Double::doubleValue).sorted().toArray());
    }

    /**
     * This summary with the verdict of the replay's stage as a whole ({@link BenchHealth}: the client's health over
     * the stage, the schedule lag one of its reasons), so that {@code replay.client_health} and the terminal's replay
     * line say what the stage's {@code client_health} says; unchanged when the stage was not judged (null).
     */
    ReplaySummary judged(ClientHealth stage) {
        if (stage == null) {
            return this;
        }
        return new ReplaySummary(
                plan,
                fidelity.judgedAs(stage.verdict(), stage.reasons()),
                sessions,
                maxAlive,
                turnsSent,
                ttftByTurn,
                durationsS);
    }

    /** Most intervals open at once (an interval ending exactly when another starts does not overlap it). */
    static int peak(List<long[]> intervals) {
        long[] starts = intervals.stream().mapToLong(i -> i[0]).sorted().toArray();
        long[] ends = intervals.stream().mapToLong(i -> i[1]).sorted().toArray();
        int open = 0;
        int peak = 0;
        int e = 0;
        for (long s : starts) {
            while (e < ends.length && ends[e] <= s) {
                e++;
                open--;
            }
            open++;
            peak = Math.max(peak, open);
        }
        return peak;
    }

    /** The {@code replay} object of summary.json. */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("trace", plan.trace().source());
        m.put("format", plan.trace().format().cliName());
        m.put("block_size", plan.trace().blockSize());
        m.put("rows_in_trace", plan.trace().requests().size());
        m.put("rows_skipped_by_reader", plan.trace().skipped());
        m.put("rows_skipped_by_reason", new java.util.TreeMap<>(plan.trace().skippedBy()));
        m.put("requests_planned", plan.requests());
        m.put("requests_sent", turnsSent);
        m.put("speedup", plan.options().speedup());
        m.put("options", plan.options().describe());
        m.put("session_history", plan.options().history().cliName());
        m.put("session_context", plan.multiTurn() ? plan.options().history().description() : "none (single-turn rows)");
        m.put(LAG_FIELD, fidelity.lagMap());
        m.put("client_health", fidelity.healthMap());
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("count", sessions);
        s.put("max_alive", maxAlive);
        s.put(
                "concurrent_sessions_limit",
                plan.options().concurrentSessions() == 0 ? null : plan.options().concurrentSessions());
        s.put("turns_mean", sessions == 0 ? null : (double) turnsSent / sessions);
        s.put("duration_s", stats(durationsS));
        List<Map<String, Object>> turns = new ArrayList<>();
        ttftByTurn.forEach((t, v) -> {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("turn", t);
            row.putAll(stats(v));
            turns.add(row);
        });
        s.put("ttft_ms_by_turn", turns);
        m.put("sessions", s);
        return m;
    }

    private static Map<String, Object> stats(double[] sorted) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("count", sorted.length);
        m.put(
                "mean",
                sorted.length == 0 ? null : Arrays.stream(sorted).average().orElse(0));
        m.put("p50", rank(sorted, 0.5));
        m.put("p99", rank(sorted, 0.99));
        m.put("max", sorted.length == 0 ? null : sorted[sorted.length - 1]);
        return m;
    }

    private static Double rank(double[] sorted, double p) {
        if (sorted.length == 0) {
            return null;
        }
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    /** The terminal lines. */
    List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add("Replay: " + turnsSent + " of " + plan.requests() + " planned requests sent; " + fidelity.line());
        if (plan.trace().skipped() > 0) {
            out.add("Trace rows skipped: " + plan.trace().skipped() + " of "
                    + (plan.trace().skipped() + plan.trace().requests().size()) + " ("
                    + io.llmharness.workload.trace.Trace.describeSkipped(
                            plan.trace().skippedBy()) + ")");
        }
        if (plan.multiTurn()) {
            StringBuilder sb = new StringBuilder(String.format(
                    Locale.ROOT,
                    "Sessions: %d (at most %d alive), each later turn sent the %s",
                    sessions,
                    maxAlive,
                    plan.options().history().description()));
            if (!ttftByTurn.isEmpty()) {
                List<String> parts = new ArrayList<>();
                ttftByTurn.forEach((t, v) -> parts.add(String.format(Locale.ROOT, "%d: %.1f ms", t, rank(v, 0.5))));
                sb.append("; TTFT p50 by turn: ").append(String.join(", ", parts));
            }
            out.add(sb.toString());
        }
        return out;
    }

    /** The fields a replay adds to summary.json: {@code schedule_lag_ms} and {@code replay}. */
    Map<String, Object> summaryFields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(LAG_FIELD, fidelity.lagMap());
        m.put(REPLAY_FIELD, toMap());
        return m;
    }
}
