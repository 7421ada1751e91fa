package io.llmharness.run.bench;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * This machine's clock against a server's, from the HTTP {@code Date} headers of a few responses. A {@code Date}
 * header has one-second resolution (RFC 9110: the time the response was generated, truncated to the second), so a
 * single response only says the server's clock read somewhere in {@code [D, D + 1 s)} at some moment between the
 * request's send and its reply's receipt on this machine: the offset (server minus local) lies in
 * {@code (D - received, D + 1 s - sent)}. Each response gives such an interval; the estimate is their intersection:
 * {@link #offsetNs()} is its midpoint and {@link #uncertaintyNs()} its half-width, so the true offset is within
 * {@code offset ± uncertainty} as long as the server stamps {@code Date} when it answers (servers that cache the
 * header for a while add that period to the error). Responses sent at different fractions of a second narrow the
 * interval; with round trips of a few milliseconds, eight probes an eighth of a second apart give about ±70 ms.
 *
 * @param offsetNs server clock minus this machine's clock, nanoseconds
 * @param uncertaintyNs half-width of the interval the offset is known to lie in
 * @param samples responses with a usable {@code Date} header
 */
record ClockOffset(long offsetNs, long uncertaintyNs, int samples) {

    private static final long SECOND_NS = 1_000_000_000L;

    /**
     * One response.
     *
     * @param sent local wall-clock time the request was sent
     * @param received local wall-clock time the reply's headers arrived
     * @param date the reply's {@code Date} header (whole seconds)
     */
    record Probe(Instant sent, Instant received, Instant date) {}

    /**
     * The intersection of the probes' intervals.
     *
     * @return the estimate, or null when there is no probe or the intervals do not overlap (the server's clock
     *     stepped, or its {@code Date} is not the time of the reply)
     */
    static ClockOffset estimate(List<Probe> probes) {
        if (probes.isEmpty()) {
            return null;
        }
        long lo = Long.MIN_VALUE;
        long hi = Long.MAX_VALUE;
        for (Probe p : probes) {
            long date = nanos(p.date());
            lo = Math.max(lo, date - nanos(p.received()));
            hi = Math.min(hi, date + SECOND_NS - nanos(p.sent()));
        }
        if (lo > hi) {
            return null;
        }
        return new ClockOffset(lo + (hi - lo) / 2, (hi - lo + 1) / 2, probes.size());
    }

    /** The offset in milliseconds. */
    double offsetMs() {
        return offsetNs / 1e6;
    }

    /** The uncertainty in milliseconds. */
    double uncertaintyMs() {
        return uncertaintyNs / 1e6;
    }

    /** E.g. {@code +12 ms ± 70 ms}. */
    String describe() {
        return String.format(java.util.Locale.ROOT, "%+.0f ms ± %.0f ms", offsetMs(), uncertaintyMs());
    }

    private static long nanos(Instant t) {
        return Duration.between(Instant.EPOCH, t).toNanos();
    }
}
