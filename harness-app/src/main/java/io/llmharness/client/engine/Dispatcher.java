package io.llmharness.client.engine;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The in-flight cap: requests beyond it wait in a lock-free queue and start as slots free up. Thread-safe;
 * {@link #offer} and {@link #release} may be called from any thread. A request is handed to the start function
 * with its slot already taken, and with whether it had to wait for it; the slot is given back with
 * {@link #release()} when the request ends.
 */
final class Dispatcher<T> {

    /** Starts a request that holds a slot. */
    interface Start<T> {
        /** @param waited it found the cap reached and waited in the queue */
        void start(T item, boolean waited);
    }

    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final AtomicLong waited = new AtomicLong();
    private final int cap;
    private final Start<T> start;
    private volatile int limit;

    Dispatcher(int cap, Start<T> start) {
        this.cap = cap;
        this.limit = cap;
        this.start = start;
    }

    /**
     * Lowers the cap to {@code max} for a while (a warm-up); {@link Integer#MAX_VALUE} restores it. Requests in
     * flight above a new lower limit finish normally; waiting ones start when the count drops below it.
     */
    void limit(int max) {
        limit = Math.max(1, Math.min(cap, max));
        drain();
    }

    void offer(T item) {
        if (queue.isEmpty() && take()) {
            start.start(item, false);
            return;
        }
        waited.incrementAndGet();
        queue.add(item);
        drain();
    }

    void release() {
        inFlight.decrementAndGet();
        drain();
    }

    /** The cap. */
    int cap() {
        return cap;
    }

    /** Requests holding a slot. */
    int inFlight() {
        return inFlight.get();
    }

    /** Most requests that held a slot at once. */
    int peak() {
        return peak.get();
    }

    /** Requests that found the cap reached and waited. */
    long waited() {
        return waited.get();
    }

    /** Zeroes the wait count and restarts the peak from the requests in flight now. */
    void resetCounters() {
        waited.set(0);
        peak.set(inFlight.get());
    }

    /** Requests waiting for a slot. */
    int queued() {
        return queue.size();
    }

    /** Removes and returns a waiting request, or null. */
    T pollWaiting() {
        return queue.poll();
    }

    /** Takes a slot if one is free. */
    private boolean take() {
        while (true) {
            int n = inFlight.get();
            if (n >= limit) {
                return false;
            }
            if (inFlight.compareAndSet(n, n + 1)) {
                if (n + 1 > peak.get()) {
                    peak.accumulateAndGet(n + 1, Math::max);
                }
                return true;
            }
        }
    }

    private void drain() {
        while (!queue.isEmpty()) {
            if (!take()) {
                return;
            }
            T item = queue.poll();
            if (item == null) {
                // lost the race for the last item: give the slot back and look again
                inFlight.decrementAndGet();
                continue;
            }
            start.start(item, true);
        }
    }
}
