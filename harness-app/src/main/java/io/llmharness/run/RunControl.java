package io.llmharness.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Stops a run from outside: {@link #interrupt()} (Ctrl-C through {@link #installShutdownHook}, or a test) makes
 * LoadGen end the test early and the client cancel what is still in flight; the run then writes its logs and
 * summary with what was measured and reports itself interrupted. Thread-safe.
 */
public final class RunControl {

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

    /** Waits until the run finished writing its outputs; false on timeout. */
    public boolean awaitFinished(Duration timeout) throws InterruptedException {
        return finished.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Installs a JVM shutdown hook (SIGINT, SIGTERM, SIGHUP) that interrupts the run and waits up to
     * {@code wait} for its outputs before the JVM exits. Closing the returned handle removes the hook.
     */
    public AutoCloseable installShutdownHook(Duration wait) {
        Thread hook = new Thread(
                () -> {
                    interrupt();
                    try {
                        awaitFinished(wait);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "harness-run-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        return () -> {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook is running and waits for us
            }
        };
    }

    /** What to do on interrupt while LoadGen runs (null when nothing is running). */
    void onInterrupt(Runnable r) {
        onInterrupt = r;
        if (r != null && interrupted) {
            r.run();
        }
    }

    /** The run has written and reported everything: a waiting shutdown hook may let the JVM exit. */
    public void finished() {
        finished.countDown();
    }
}
