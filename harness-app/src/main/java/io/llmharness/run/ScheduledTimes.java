package io.llmharness.run;

import io.llmharness.loadgen.IssueListener;
import io.llmharness.loadgen.QuerySample;
import java.util.function.ToLongFunction;

/**
 * LoadGen's intended issue time of every sample, for the client's records: LoadGen tells this listener the
 * scheduled time of each query right before it calls {@code issueQuery} on the same thread (several times when
 * Server queries are coalesced), and the SUT asks for the scheduled time of the samples it was handed, in order.
 * Sample ids of one {@code issueQuery} call are consecutive, so the query a sample belongs to follows from its
 * distance to the call's first sample. State is per issuing thread; no locks.
 */
final class ScheduledTimes implements IssueListener, ToLongFunction<QuerySample> {

    private static final class Call {
        long[] scheduled = new long[4];
        int[] counts = new int[4];
        int queries;
        boolean consumed = true;
        long firstId;
    }

    private final ThreadLocal<Call> calls = ThreadLocal.withInitial(Call::new);

    @Override
    public void queryIssued(long scheduledNanos, long issuedNanos, int samples) {
        Call c = calls.get();
        if (c.consumed) {
            c.queries = 0;
            c.consumed = false;
        }
        if (c.queries == c.scheduled.length) {
            c.scheduled = java.util.Arrays.copyOf(c.scheduled, c.queries * 2);
            c.counts = java.util.Arrays.copyOf(c.counts, c.queries * 2);
        }
        c.scheduled[c.queries] = scheduledNanos;
        c.counts[c.queries] = samples;
        c.queries++;
    }

    /** The scheduled time of a sample being issued on this thread; now when LoadGen said nothing. */
    @Override
    public long applyAsLong(QuerySample sample) {
        Call c = calls.get();
        if (c.queries == 0) {
            return System.nanoTime();
        }
        if (!c.consumed) {
            c.consumed = true;
            c.firstId = sample.id();
        }
        long offset = sample.id() - c.firstId;
        for (int q = 0; q < c.queries; q++) {
            if (offset < c.counts[q]) {
                return c.scheduled[q];
            }
            offset -= c.counts[q];
        }
        return c.scheduled[c.queries - 1];
    }
}
