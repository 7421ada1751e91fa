package io.llmharness.workload.trace;

import io.llmharness.workload.schedule.Rng;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of a trace a replay sends and when, as sessions: a row without a {@code session_id} is a session of one
 * turn. A session starts at its first turn's recorded offset (or, with a session rate, at its place in the rate);
 * each later turn is due when both its recorded place relative to the session's start has come and its think time
 * ({@code delay}) has passed since the previous turn's answer, so the turns of a session never overlap. Times are
 * replay nanoseconds: recorded offsets divided by the speedup, idle gaps cut to the largest gap.
 *
 * <p>Filters, in this order: the window ({@code --trace-start}/{@code --trace-end}, by each session's first turn),
 * the session sample (whole sessions, a pure function of seed and session), {@code --max-requests} (rows in the
 * order sessions start; the last session kept may lose its later turns). The first kept session starts at 0. Pure.
 *
 * @param trace the trace the rows come from
 * @param options how it is replayed
 * @param sessions the sessions kept, in the order they start
 * @param rows every kept row, indexed by {@link Turn#index()}
 */
public record ReplayPlan(Trace trace, ReplayOptions options, List<Session> sessions, List<TraceRequest> rows) {

    /** Random stream of the session sample. */
    static final long SAMPLE_STREAM = 0x7ACE_5A3FL;

    public ReplayPlan {
        sessions = List.copyOf(sessions);
        rows = List.copyOf(rows);
    }

    /**
     * One turn to send.
     *
     * @param index the row's index in {@link #rows()} (its position in the plan)
     * @param number the turn's number in its session, from 1
     * @param sinceStartNs when it is due after its session's start, replay ns, from its recorded offset; -1 when the
     *     trace has no offset for it (it follows its previous turn after {@code thinkNs})
     * @param thinkNs replay ns after the previous turn's answer before it is due (0 for a first turn)
     */
    public record Turn(int index, int number, long sinceStartNs, long thinkNs) {}

    /**
     * One conversation (or one single request).
     *
     * @param id the trace's {@code session_id}, or null for a row without one
     * @param startNs when its first turn is due, replay ns from the replay's start
     * @param turns its turns, in order
     */
    public record Session(String id, long startNs, List<Turn> turns) {
        public Session {
            turns = List.copyOf(turns);
        }
    }

    /** Rows the replay sends. */
    public int requests() {
        return rows.size();
    }

    /** Whether any session has more than one turn. */
    public boolean multiTurn() {
        return sessions.stream().anyMatch(s -> s.turns().size() > 1);
    }

    /** The last first-turn start, ns: how long the replay's arrivals span at least. */
    public long spanNs() {
        return sessions.isEmpty() ? 0 : sessions.get(sessions.size() - 1).startNs();
    }

    /** One line for the plan, e.g. {@code trace t.jsonl (mooncake): 10000 of 10000 rows, 10000 sessions, …}. */
    public String describe() {
        return "trace " + trace.source() + " (" + trace.format().cliName() + "): " + rows.size() + " of "
                + trace.requests().size() + " rows, " + sessions.size() + " sessions, arrivals over "
                + String.format(java.util.Locale.ROOT, "%.1f", spanNs() / 1e9) + " s; " + options.describe();
    }

    /**
     * Plans a replay.
     *
     * @param seed the run's seed (the session sample)
     * @throws IllegalArgumentException when no row is left after the filters (the message says which filter)
     */
    public static ReplayPlan of(Trace trace, ReplayOptions options, long seed) {
        List<List<TraceRequest>> grouped = group(trace.requests());
        long startNs = Math.round(options.startS() * 1e9);
        double endNs = options.endS() * 1e9;
        List<List<TraceRequest>> kept = new ArrayList<>();
        for (List<TraceRequest> s : grouped) {
            long first = Math.max(0, s.get(0).offsetNs());
            if (first >= startNs && first < endNs && sampled(s, options.sampleSessions(), seed)) {
                kept.add(s);
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException(
                    grouped.isEmpty()
                            ? "the trace has no rows"
                            : "no row of the trace is" + " left after the window and the session sample ("
                                    + options.describe() + ")");
        }
        kept.sort(Comparator.comparingLong(s -> Math.max(0, s.get(0).offsetNs())));
        if (options.maxRequests() > 0) {
            kept = cut(kept, options.maxRequests());
        }
        Timeline time = Timeline.of(kept, options);
        List<Session> sessions = new ArrayList<>();
        List<TraceRequest> rows = new ArrayList<>();
        for (int k = 0; k < kept.size(); k++) {
            List<TraceRequest> s = kept.get(k);
            long start = options.sessionRate() > 0
                    ? Math.round(k / options.sessionRate() * 1e9)
                    : time.at(Math.max(0, s.get(0).offsetNs()));
            long recordedStart = time.at(Math.max(0, s.get(0).offsetNs()));
            List<Turn> turns = new ArrayList<>();
            for (int j = 0; j < s.size(); j++) {
                TraceRequest r = s.get(j);
                long since = j == 0 ? 0 : r.offsetNs() < 0 ? -1 : Math.max(0, time.at(r.offsetNs()) - recordedStart);
                long think = j == 0 || r.delayNs() < 0 ? 0 : Math.round(r.delayNs() / options.speedup());
                turns.add(new Turn(rows.size(), j + 1, since, think));
                rows.add(r);
            }
            String id = s.get(0).sessionId();
            sessions.add(new Session(id, start, turns));
        }
        return new ReplayPlan(trace, options, sessions, rows);
    }

    /** Rows grouped by session in the order sessions first appear; a row without a session is its own group. */
    static List<List<TraceRequest>> group(List<TraceRequest> rows) {
        Map<Object, List<TraceRequest>> bySession = new LinkedHashMap<>();
        for (TraceRequest r : rows) {
            Object key = r.sessionId() == null ? Long.valueOf(r.line()) : r.sessionId();
            bySession.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        return new ArrayList<>(bySession.values());
    }

    private static boolean sampled(List<TraceRequest> session, double share, long seed) {
        if (share >= 1) {
            return true;
        }
        TraceRequest first = session.get(0);
        long key = first.sessionId() == null ? first.line() : stableHash(first.sessionId());
        return Rng.of(seed, SAMPLE_STREAM, key).nextDouble() < share;
    }

    /** A hash of a session id that does not depend on the JVM (FNV-1a over its UTF-8 bytes). */
    static long stableHash(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xff)) * 0x100000001b3L;
        }
        return h;
    }

    private static List<List<TraceRequest>> cut(List<List<TraceRequest>> sessions, long max) {
        List<List<TraceRequest>> out = new ArrayList<>();
        long left = max;
        for (List<TraceRequest> s : sessions) {
            if (left <= 0) {
                break;
            }
            out.add(s.size() <= left ? s : s.subList(0, (int) left));
            left -= Math.min(left, s.size());
        }
        return out;
    }

    /**
     * Recorded offsets to replay offsets: from the first kept session's start, divided by the speedup, each gap
     * between two consecutive recorded offsets cut to the largest gap.
     */
    private record Timeline(long[] recorded, long[] replay) {

        static Timeline of(List<List<TraceRequest>> sessions, ReplayOptions o) {
            long[] all = sessions.stream()
                    .flatMap(List::stream)
                    .mapToLong(TraceRequest::offsetNs)
                    .filter(t -> t >= 0)
                    .sorted()
                    .distinct()
                    .toArray();
            if (all.length == 0) {
                all = new long[] {0};
            }
            long base = Math.max(0, sessions.get(0).get(0).offsetNs());
            long[] rec = Arrays.stream(all).filter(t -> t >= base).toArray();
            long[] out = new long[rec.length];
            double maxGapNs = o.maxGapS() * 1e9;
            double at = 0;
            for (int i = 0; i < rec.length; i++) {
                if (i > 0) {
                    at += Math.min((rec[i] - rec[i - 1]) / o.speedup(), maxGapNs);
                }
                out[i] = Math.round(at);
            }
            return new Timeline(rec, out);
        }

        /** The replay offset of a recorded offset (one before the first kept session maps to 0). */
        long at(long recordedNs) {
            int i = Arrays.binarySearch(recorded, recordedNs);
            if (i >= 0) {
                return replay[i];
            }
            int before = -i - 2;
            return before < 0 ? 0 : replay[before];
        }
    }
}
