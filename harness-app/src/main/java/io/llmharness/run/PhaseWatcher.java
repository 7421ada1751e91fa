package io.llmharness.run;

import io.llmharness.client.health.JitWatch;
import io.llmharness.loadgen.LoadGen;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Watches one warm-up test from its own thread and ends it — LoadGen aborted, the client's requests cancelled — at
 * its time limit, once the JIT has settled (a burst test: the JIT idle, {@link WarmStart#MIN_TIME} and
 * {@link JitWatch#SETTLE_REQUESTS} after the burst began), or when the run is stopped. A draining watcher (the last warm-up test, right before the measured one)
 * only stops LoadGen at the time limit: what is in flight finishes through the run's own code path instead of being
 * cancelled (see {@link WarmStart}).
 */
final class PhaseWatcher {
    private final WarmStart.Inputs in;
    private final LoadGen loadGen;
    private final long limitNs;
    private final BooleanSupplier settled;
    private final boolean drain;
    private final Thread thread;
    private volatile boolean stopped;
    private volatile String endedBy;

    /**
     * @param settled whether the burst may end because the JIT has settled (null: not a burst test)
     */
    PhaseWatcher(WarmStart.Inputs in, LoadGen loadGen, Duration limit, BooleanSupplier settled, boolean drain) {
        this.in = in;
        this.drain = drain;
        this.loadGen = loadGen;
        this.limitNs = limit.toNanos();
        this.settled = settled;
        this.thread = Thread.ofPlatform().name("llm-harness-warm-up").daemon().unstarted(this::watch);
    }

    private void watch() {
        long start = System.nanoTime();
        while (!stopped) {
            LockSupport.parkNanos(50_000_000L);
            long now = System.nanoTime();
            String why = null;
            if (in.stopped().getAsBoolean()) {
                why = "aborted";
            } else if (now - start >= limitNs) {
                why = "time-limit";
            } else if (settled != null && settled.getAsBoolean()) {
                why = "jit-idle";
            }
            if (why != null && !stopped) {
                endedBy = why;
                loadGen.abortTest();
                if (!drain || why.equals("aborted")) {
                    in.client().cancelActive("warm-up over");
                }
                return;
            }
        }
    }

    /** Starts watching. */
    void start() {
        thread.start();
    }

    /** Why it ended the test, or null when the test ended by itself. */
    String endedBy() {
        return endedBy;
    }

    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
