package io.llmharness.workload.trace;

import java.util.Objects;

/**
 * How a trace is replayed: which rows, how fast, how many conversations at once, what their later turns send, and
 * when the replay's schedule lag makes it client-limited.
 *
 * @param speedup the recorded offsets (and think times) are divided by this (&gt; 0; 1 = the recorded pace)
 * @param startS first second of the trace to replay (a session is kept when its first turn is at or after it); 0
 *     from the beginning
 * @param endS second of the trace at which the replay stops (sessions whose first turn is at or after it are left
 *     out); {@link Double#POSITIVE_INFINITY} for the end of the trace
 * @param maxRequests most rows replayed (0 = all), counted in the order sessions start
 * @param maxGapS longest idle gap between two arrivals of the replay, seconds of the replay (after the speedup);
 *     {@link Double#POSITIVE_INFINITY} keeps every gap
 * @param sampleSessions share of sessions kept (0 &lt; share ≤ 1), whole sessions (a row without a session is a
 *     session of one turn), chosen deterministically from the seed
 * @param concurrentSessions most sessions alive at once (0 = no limit); a session holds its slot from its first
 *     turn's start to its last turn's end, think times included
 * @param sessionRate sessions started per second instead of at their recorded times (0 = the recorded times)
 * @param history what a later turn of a session sends as the earlier turns' answers
 * @param lagThresholdNs schedule lag p99 above which the replay is client-limited, ns (&gt; 0)
 */
public record ReplayOptions(
        double speedup,
        double startS,
        double endS,
        long maxRequests,
        double maxGapS,
        double sampleSessions,
        int concurrentSessions,
        double sessionRate,
        SessionHistory history,
        long lagThresholdNs) {

    /**
     * The default lag p99 threshold, 5 ms: a client with a core to spare sends within about a millisecond of due, and
     * 5 ms is below the TTFT of any real server, so a lag under it cannot change what the server saw; above it the
     * load arrived later and in other bunches than the trace's (docs/bench.md, "Replaying a trace").
     */
    public static final long DEFAULT_LAG_THRESHOLD_NS = 5_000_000L;

    public ReplayOptions {
        if (!(speedup > 0) || Double.isInfinite(speedup)) {
            throw new IllegalArgumentException("speedup must be a positive number");
        }
        if (!(startS >= 0) || !(endS > startS)) {
            throw new IllegalArgumentException("the window must have 0 <= start < end");
        }
        if (maxRequests < 0 || concurrentSessions < 0) {
            throw new IllegalArgumentException("max requests and concurrent sessions must be >= 0");
        }
        if (!(maxGapS > 0)) {
            throw new IllegalArgumentException("the largest gap must be > 0 s");
        }
        if (!(sampleSessions > 0) || sampleSessions > 1) {
            throw new IllegalArgumentException("the session sample must be a share in (0, 1]");
        }
        if (!(sessionRate >= 0) || Double.isInfinite(sessionRate)) {
            throw new IllegalArgumentException("the session rate must be >= 0");
        }
        Objects.requireNonNull(history, "history");
        if (lagThresholdNs <= 0) {
            throw new IllegalArgumentException("the schedule lag threshold must be > 0");
        }
    }

    /** The whole trace at its recorded pace. */
    public static ReplayOptions defaults() {
        return new ReplayOptions(
                1,
                0,
                Double.POSITIVE_INFINITY,
                0,
                Double.POSITIVE_INFINITY,
                1,
                0,
                0,
                SessionHistory.SERVER,
                DEFAULT_LAG_THRESHOLD_NS);
    }

    /** These options at another speed. */
    public ReplayOptions withSpeedup(double s) {
        return new ReplayOptions(
                s,
                startS,
                endS,
                maxRequests,
                maxGapS,
                sampleSessions,
                concurrentSessions,
                sessionRate,
                history,
                lagThresholdNs);
    }

    /** These options with at most {@code n} sessions alive. */
    public ReplayOptions withConcurrentSessions(int n) {
        return new ReplayOptions(
                speedup, startS, endS, maxRequests, maxGapS, sampleSessions, n, sessionRate, history, lagThresholdNs);
    }

    /** These options with another request cap. */
    public ReplayOptions withMaxRequests(long n) {
        return new ReplayOptions(
                speedup,
                startS,
                endS,
                n,
                maxGapS,
                sampleSessions,
                concurrentSessions,
                sessionRate,
                history,
                lagThresholdNs);
    }

    /** These options with other window, gap cap, sample and session rate. */
    public ReplayOptions with(double start, double end, double maxGap, double sample, double rate) {
        return new ReplayOptions(
                speedup, start, end, maxRequests, maxGap, sample, concurrentSessions, rate, history, lagThresholdNs);
    }

    /** These options with another session history and lag threshold. */
    public ReplayOptions with(SessionHistory h, long thresholdNs) {
        return new ReplayOptions(
                speedup,
                startS,
                endS,
                maxRequests,
                maxGapS,
                sampleSessions,
                concurrentSessions,
                sessionRate,
                h,
                thresholdNs);
    }

    /** One line for the plan, e.g. {@code speedup 10x, at most 8 sessions alive}. */
    public String describe() {
        StringBuilder sb = new StringBuilder("speedup " + num(speedup) + "x");
        if (startS > 0 || endS != Double.POSITIVE_INFINITY) {
            sb.append(", trace seconds ").append(num(startS)).append("-");
            sb.append(endS == Double.POSITIVE_INFINITY ? "end" : num(endS));
        }
        if (maxRequests > 0) {
            sb.append(", at most ").append(maxRequests).append(" requests");
        }
        if (maxGapS != Double.POSITIVE_INFINITY) {
            sb.append(", idle gaps cut to ").append(num(maxGapS)).append(" s");
        }
        if (sampleSessions < 1) {
            sb.append(", ").append(num(sampleSessions * 100)).append("% of the sessions");
        }
        if (concurrentSessions > 0) {
            sb.append(", at most ").append(concurrentSessions).append(" sessions alive");
        }
        if (sessionRate > 0) {
            sb.append(", ").append(num(sessionRate)).append(" new sessions/s");
        }
        if (history != SessionHistory.SERVER) {
            sb.append(", sessions send the recorded answers");
        }
        if (lagThresholdNs != DEFAULT_LAG_THRESHOLD_NS) {
            sb.append(", client-limited above a lag p99 of ")
                    .append(num(lagThresholdNs / 1e6))
                    .append(" ms");
        }
        return sb.toString();
    }

    private static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : String.format(java.util.Locale.ROOT, "%.3g", v);
    }
}
