package io.llmharness.simulator.timing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps the {@link Timeline}s of recorded requests, findable by response id and by the client's
 * {@code X-Request-Id}; the oldest are dropped beyond the capacity. Thread-safe.
 */
public final class TimingRecorder {
    private final int capacity;
    private final Map<String, Timeline> byKey = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Timeline> order = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();

    public TimingRecorder(int capacity) {
        this.capacity = capacity;
    }

    public void add(Timeline t) {
        byKey.put(t.id(), t);
        if (t.requestId() != null) {
            byKey.put(t.requestId(), t);
        }
        order.add(t);
        if (size.incrementAndGet() > capacity) {
            Timeline old = order.poll();
            if (old == null) {
                return;
            }
            size.decrementAndGet();
            byKey.remove(old.id(), old);
            if (old.requestId() != null) {
                byKey.remove(old.requestId(), old);
            }
        }
    }

    /** The timeline recorded under a response id or request id, or null. */
    public Timeline get(String key) {
        return byKey.get(key);
    }

    /** Response ids of the kept timelines, oldest first. */
    public List<String> ids() {
        List<String> out = new ArrayList<>();
        for (Timeline t : order) {
            out.add(t.id());
        }
        return out;
    }

    public void clear() {
        byKey.clear();
        order.clear();
        size.set(0);
    }
}
