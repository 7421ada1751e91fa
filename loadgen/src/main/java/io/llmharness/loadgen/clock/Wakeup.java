package io.llmharness.loadgen.clock;

import java.util.concurrent.locks.LockSupport;

/**
 * Lets a thread that completes work wake the LoadGen thread waiting for it in {@link Clock#await}. Cheap when
 * nobody waits: one volatile read.
 */
public final class Wakeup {

    private volatile Thread waiter;

    /** Wakes the waiting thread, if any. Thread-safe. */
    public void wake() {
        Thread t = waiter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    void register(Thread t) {
        waiter = t;
    }

    void clear() {
        waiter = null;
    }
}
