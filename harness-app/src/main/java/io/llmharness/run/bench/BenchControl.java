package io.llmharness.run.bench;

import io.llmharness.run.InterruptControl;

/**
 * Stops a workload run from outside: {@link #interrupt()} (Ctrl-C through {@link #installShutdownHook}, or a test)
 * stops the scheduler and cancels what is in flight; the run then writes what it measured and reports itself
 * interrupted. Thread-safe.
 */
public final class BenchControl extends InterruptControl {

    public BenchControl() {
        super("harness-bench-interrupt");
    }

    /** What to do on interrupt while the run is in progress (null when nothing runs); runs at once if already. */
    void onInterrupt(Runnable r) {
        whenInterrupted(r);
    }
}
