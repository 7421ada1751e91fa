package io.llmharness.client.failure;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The outcomes of one server's recent requests in the order they were sent, to find runs of failures in send
 * order. Completion order would be biased: an error answer comes back in a millisecond while the successes sent
 * before it are still generating, so with many requests in flight a server failing one request in five shows ten
 * failures "in a row" within the first tenth of a second. In send order that needs ten failed requests with no
 * success sent in between.
 *
 * <p>A ring of {@value #WINDOW} slots, each {@code sequence << 2 | state}; a slot reused by a newer request, or not
 * written yet, reads as pending, which ends a run. Lock-free, allocation-free; safe from several event loops: of two
 * failures completing at once, at least one sees the other.
 */
final class FailureRuns {

    static final int PENDING = 0;
    static final int OK = 1;
    static final int FAILED = 2;
    /** Neither success nor failure (cancelled): a run goes on through it without counting it. */
    static final int SKIPPED = 3;

    private static final int WINDOW = 1 << 12;
    private static final int MASK = WINDOW - 1;

    private final AtomicLongArray slots = new AtomicLongArray(WINDOW);
    private final AtomicLong latest = new AtomicLong(-1);

    /** Notes the outcome of the request sent as {@code sequence} (0, 1, 2, … per server). */
    void record(long sequence, int state) {
        slots.set((int) (sequence & MASK), sequence << 2 | state);
        latest.accumulateAndGet(sequence, Math::max);
    }

    private int state(long sequence) {
        if (sequence < 0) {
            return PENDING;
        }
        long e = slots.get((int) (sequence & MASK));
        return e >>> 2 == sequence ? (int) (e & 3) : PENDING;
    }

    /** Failures in the unbroken run of failed requests around {@code sequence}, counted up to {@code cap}. */
    int runAround(long sequence, int cap) {
        int n = state(sequence) == FAILED ? 1 : 0;
        if (n == 0) {
            return 0;
        }
        n += walk(sequence - 1, -1, cap - n);
        return n + walk(sequence + 1, 1, cap - n);
    }

    /** Failures in the run that ends at the latest completed request (0 when it succeeded). */
    int runAtLatest() {
        long last = latest.get();
        return last < 0 ? 0 : walk(last, -1, WINDOW);
    }

    private int walk(long from, int step, int cap) {
        int n = 0;
        for (long s = from; n < cap && Math.abs(s - from) < WINDOW; s += step) {
            int st = state(s);
            if (st == FAILED) {
                n++;
            } else if (st != SKIPPED) {
                break;
            }
        }
        return n;
    }
}
