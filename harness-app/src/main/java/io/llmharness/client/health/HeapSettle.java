package io.llmharness.client.health;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * One full collection at the end of a warm start, before the measured window: the warm-up's garbage goes, and what
 * it leaves alive for the run (a thousand prepared connections and their buffers, the prompts, the client's tables)
 * moves out of the young generation once, here, instead of being copied by the window's first young collections.
 * Why: on one core (the serial collector, which the JVM picks for a single CPU) the first young collection of a
 * Server window at 2,500 QPS with 1,024 prepared connections paused 187 ms (perf/run.sh, 2026-11-27), the one
 * collection of that window.
 */
public final class HeapSettle {

    private HeapSettle() {}

    /**
     * Collects the heap ({@link System#gc()}) and returns how long it took, ms; -1 when no collection ran (the JVM
     * was started with {@code -XX:+DisableExplicitGC}, or its collectors count nothing).
     */
    public static long collect() {
        long before = collections();
        long t0 = System.nanoTime();
        System.gc();
        long ms = (System.nanoTime() - t0) / 1_000_000L;
        return collections() > before ? ms : -1;
    }

    private static long collections() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }
}
