package io.llmharness.run;

/**
 * Stops an MLPerf-mode run from outside: {@link #interrupt()} (Ctrl-C through {@link #installShutdownHook}, or a
 * test) makes LoadGen end the test early and the client cancel what is still in flight; the run then writes its
 * logs and summary with what was measured and reports itself interrupted. Thread-safe.
 */
public final class RunControl extends InterruptControl {

    public RunControl() {
        super("harness-run-interrupt");
    }

    /** What to do on interrupt while LoadGen runs (null when nothing is running). */
    void onInterrupt(Runnable r) {
        whenInterrupted(r);
    }
}
