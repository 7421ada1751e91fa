package io.llmharness.simulator.engine;

/**
 * Time and timers for an engine. Production engines use the event loop's clock ({@link System#nanoTime()}); tests
 * drive engines on a virtual clock so an hour of scheduling runs in milliseconds.
 */
public interface EngineClock {
    /** Current time in nanoseconds ({@link System#nanoTime()} domain for the real clock). */
    long nanoTime();

    /**
     * Runs {@code task} on the engine's thread once {@code delayNanos} have passed (at once, but not re-entrantly,
     * when it is {@code <= 0}).
     */
    Cancellable schedule(long delayNanos, Runnable task);

    /** A scheduled task that can be cancelled. */
    interface Cancellable {
        void cancel();
    }
}
