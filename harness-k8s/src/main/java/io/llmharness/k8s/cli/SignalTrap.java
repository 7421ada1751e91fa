package io.llmharness.k8s.cli;

/**
 * Ctrl-C (SIGINT) and SIGTERM interrupt the thread that runs the launcher instead of killing the JVM, so the run
 * stops its launchers and deletes what it created before it exits with 130. Without {@code sun.misc.Signal} the
 * JVM's default handling stays.
 */
final class SignalTrap implements AutoCloseable {

    private Object previousInt;
    private Object previousTerm;

    private SignalTrap() {}

    static SignalTrap install(Thread worker) {
        SignalTrap t = new SignalTrap();
        try {
            sun.misc.SignalHandler h = sig -> worker.interrupt();
            t.previousInt = sun.misc.Signal.handle(new sun.misc.Signal("INT"), h);
            t.previousTerm = sun.misc.Signal.handle(new sun.misc.Signal("TERM"), h);
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // no signal API here: Ctrl-C ends the JVM as usual
        }
        return t;
    }

    @Override
    public void close() {
        try {
            if (previousInt != null) {
                sun.misc.Signal.handle(new sun.misc.Signal("INT"), (sun.misc.SignalHandler) previousInt);
            }
            if (previousTerm != null) {
                sun.misc.Signal.handle(new sun.misc.Signal("TERM"), (sun.misc.SignalHandler) previousTerm);
            }
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // leaving anyway
        }
    }
}
