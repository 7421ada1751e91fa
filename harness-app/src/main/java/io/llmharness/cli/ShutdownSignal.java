package io.llmharness.cli;

import java.util.concurrent.CompletableFuture;

/**
 * SIGTERM / SIGINT handling for long-running commands: the signal completes a future (and interrupts the main thread
 * while it is still starting up) instead of killing the JVM, so the command can shut down cleanly and return its
 * own exit code. Falls back to a shutdown hook where {@code sun.misc.Signal} is unavailable.
 */
final class ShutdownSignal {
    private final CompletableFuture<Object> future = new CompletableFuture<>();
    private final Thread main;
    private volatile boolean received;
    private volatile boolean started;
    private Object previousTerm;
    private Object previousInt;

    private ShutdownSignal(Thread main) {
        this.main = main;
    }

    static ShutdownSignal install(Thread main) {
        ShutdownSignal s = new ShutdownSignal(main);
        try {
            s.previousTerm = sun.misc.Signal.handle(new sun.misc.Signal("TERM"), sig -> s.fire());
            s.previousInt = sun.misc.Signal.handle(new sun.misc.Signal("INT"), sig -> s.fire());
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            Runtime.getRuntime().addShutdownHook(new Thread(s::fire, "sim-shutdown"));
        }
        return s;
    }

    private void fire() {
        received = true;
        if (!started) {
            main.interrupt();
        }
        future.complete("signal");
    }

    boolean received() {
        return received;
    }

    CompletableFuture<Object> future() {
        started = true;
        return future;
    }

    void uninstall() {
        try {
            if (previousTerm != null) {
                sun.misc.Signal.handle(new sun.misc.Signal("TERM"), (sun.misc.SignalHandler) previousTerm);
            }
            if (previousInt != null) {
                sun.misc.Signal.handle(new sun.misc.Signal("INT"), (sun.misc.SignalHandler) previousInt);
            }
        } catch (RuntimeException | LinkageError ignored) {
            // the process is about to exit anyway
        }
    }
}
