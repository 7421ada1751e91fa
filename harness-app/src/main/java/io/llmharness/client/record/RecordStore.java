package io.llmharness.client.record;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Append-only, lock-free store of {@link RequestRecord}s, written from any event-loop thread.
 *
 * <p>Records live in fixed-size segments allocated on demand, so appending never copies earlier records and a
 * sized store never allocates on the hot path. {@link #snapshot()} may run concurrently with appends and returns
 * the records published so far, in append order.
 */
public final class RecordStore {

    private static final int SEGMENT_BITS = 12;
    private static final int SEGMENT_SIZE = 1 << SEGMENT_BITS;
    private static final int MAX_SEGMENTS = 1 << 16;

    private final AtomicReferenceArray<AtomicReferenceArray<RequestRecord>> segments =
            new AtomicReferenceArray<>(MAX_SEGMENTS);
    private final AtomicLong next = new AtomicLong();

    /** @param expected records expected in the run; segments for them are allocated up front */
    public RecordStore(int expected) {
        int pre = Math.min(MAX_SEGMENTS, (Math.max(expected, 1) + SEGMENT_SIZE - 1) >>> SEGMENT_BITS);
        for (int i = 0; i < pre; i++) {
            segments.set(i, new AtomicReferenceArray<>(SEGMENT_SIZE));
        }
    }

    /** Appends one record. Thread-safe, lock-free. */
    public void add(RequestRecord r) {
        long i = next.getAndIncrement();
        int s = (int) (i >>> SEGMENT_BITS);
        if (s >= MAX_SEGMENTS) {
            return; // over 268M records: drop rather than fail the run
        }
        segment(s).set((int) (i & (SEGMENT_SIZE - 1)), r);
    }

    /** Number of records appended so far (some may still be in the middle of being published). */
    public long size() {
        return Math.min(next.get(), (long) MAX_SEGMENTS * SEGMENT_SIZE);
    }

    /** Forgets every record. Not thread-safe against {@link #add}: call when no request is running. */
    public void clear() {
        long n = size();
        for (long i = 0; i < n; i++) {
            AtomicReferenceArray<RequestRecord> seg = segments.get((int) (i >>> SEGMENT_BITS));
            if (seg != null) {
                seg.set((int) (i & (SEGMENT_SIZE - 1)), null);
            }
        }
        next.set(0);
    }

    /** The records published so far, in append order. */
    public List<RequestRecord> snapshot() {
        long n = size();
        List<RequestRecord> out = new ArrayList<>((int) Math.min(n, Integer.MAX_VALUE - 8));
        for (long i = 0; i < n; i++) {
            AtomicReferenceArray<RequestRecord> seg = segments.get((int) (i >>> SEGMENT_BITS));
            RequestRecord r = seg == null ? null : seg.get((int) (i & (SEGMENT_SIZE - 1)));
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    private AtomicReferenceArray<RequestRecord> segment(int s) {
        AtomicReferenceArray<RequestRecord> seg = segments.get(s);
        if (seg == null) {
            seg = new AtomicReferenceArray<>(SEGMENT_SIZE);
            if (!segments.compareAndSet(s, null, seg)) {
                seg = segments.get(s);
            }
        }
        return seg;
    }
}
