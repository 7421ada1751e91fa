package io.llmharness.run.bench;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Stops a workload run from outside: {@link #interrupt()} (Ctrl-C through {@link #installShutdownHook}, or a test)
 * stops the scheduler and cancels what is in flight; the run then writes what it measured and reports itself
 * interrupted. Thread-safe.
 */
public final class BenchControl {

    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile boolean interrupted;
    private volatile Runnable onInterrupt;

    /** Ends the run early (idempotent, returns at once). */
    public void interrupt() {
        interrupted = true;
        Runnable r = onInterrupt;
        if (r != null) {
            r.run();
        }
    }

    /** Whether {@link #interrupt()} was called. */
    public boolean interrupted() {
        return interrupted;
    }

    /** What to do on interrupt while the run is in progress (null when nothing runs); runs at once if already. */
    void onInterrupt(Runnable r) {
        onInterrupt = r;
        if (r != null && interrupted) {
            r.run();
        }
    }

    /**
     * Installs a JVM shutdown hook (SIGINT, SIGTERM) that interrupts the run and waits up to {@code wait} for its
     * files before the JVM exits. Closing the handle removes the hook.
     */
    public AutoCloseable installShutdownHook(Duration wait) {
        Thread hook = new Thread(
                () -> {
                    interrupt();
                    try {
                        finished.await(wait.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "harness-bench-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        return () -> {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs and waits for us
            }
        };
    }

    /** The run has written everything: a waiting shutdown hook may let the JVM exit. */
    public void finished() {
        finished.countDown();
    }
}
