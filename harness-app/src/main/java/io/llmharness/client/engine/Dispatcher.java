package io.llmharness.client.engine;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The in-flight cap: requests beyond it wait in a lock-free queue and start as slots free up. Thread-safe;
 * {@link #offer} and {@link #release} may be called from any thread. A request is handed to the start function
 * with its slot already taken; the slot is given back with {@link #release()} when the request ends.
 */
final class Dispatcher<T> {

    private final ConcurrentLinkedQueue<T> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final int cap;
    private final Consumer<T> start;

    Dispatcher(int cap, Consumer<T> start) {
        this.cap = cap;
        this.start = start;
    }

    void offer(T item) {
        queue.add(item);
        drain();
    }

    void release() {
        inFlight.decrementAndGet();
        drain();
    }

    /** Requests holding a slot. */
    int inFlight() {
        return inFlight.get();
    }

    /** Requests waiting for a slot. */
    int queued() {
        return queue.size();
    }

    /** Removes and returns a waiting request, or null. */
    T pollWaiting() {
        return queue.poll();
    }

    private void drain() {
        while (!queue.isEmpty()) {
            int n = inFlight.get();
            if (n >= cap) {
                return;
            }
            if (!inFlight.compareAndSet(n, n + 1)) {
                continue;
            }
            T item = queue.poll();
            if (item == null) {
                // lost the race for the last item: give the slot back and look again
                inFlight.decrementAndGet();
                continue;
            }
            start.accept(item);
        }
    }
}
