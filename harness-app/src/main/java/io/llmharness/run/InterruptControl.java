package io.llmharness.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What both run kinds' outside control share ({@link RunControl} for MLPerf mode, {@code BenchControl} for
 * workload mode): {@link #interrupt()} (Ctrl-C through {@link #installShutdownHook}, or a test) calls what the
 * running run registered, and a shutdown hook waits for {@link #finished()} so the run's files are written before
 * the JVM exits. Thread-safe.
 */
public abstract class InterruptControl {

    private final CountDownLatch finished = new CountDownLatch(1);
    private final String hookThreadName;
    private volatile boolean interrupted;
    private volatile Runnable onInterrupt;

    /** @param hookThreadName the name of the shutdown hook's thread (shows in thread dumps) */
    protected InterruptControl(String hookThreadName) {
        this.hookThreadName = hookThreadName;
    }

    /** Ends the run early (idempotent, returns at once). */
    public void interrupt() {
        interrupted = true;
        runIfSet(onInterrupt);
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
                hookThreadName);
        Runtime.getRuntime().addShutdownHook(hook);
        return () -> {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook is running and waits for us
            }
        };
    }

    /** The run has written and reported everything: a waiting shutdown hook may let the JVM exit. */
    public void finished() {
        finished.countDown();
    }

    /**
     * What to do on interrupt while the run is in progress (null when nothing runs); runs at once when the run was
     * already interrupted. Each subclass offers it to its own package's runner only.
     */
    protected final void whenInterrupted(Runnable r) {
        onInterrupt = r;
        if (interrupted) {
            runIfSet(r);
        }
    }

    private static void runIfSet(Runnable action) {
        if (action != null) {
            action.run();
        }
    }
}
