package io.llmharness.loadgen.clock;

import java.time.ZoneId;
import java.util.function.BooleanSupplier;

/**
 * Where LoadGen gets time from and how it waits. {@link SystemClock} is the real one; {@link VirtualClock}
 * runs a whole test on simulated time so an hour of Server traffic takes seconds in a unit test.
 *
 * <p>Latencies come from {@link #nanoTime()}; wall-clock stamps (power begin/end, the test date) from
 * {@link #epochNanos()}.
 */
public interface Clock {

    /** Monotonic time in ns (arbitrary origin). */
    long nanoTime();

    /** Wall-clock time in ns since the Unix epoch. */
    long epochNanos();

    /** Time zone for the local-time stamps in the logs. */
    ZoneId zone();

    /** Returns once {@link #nanoTime()} has reached {@code deadlineNanos}; returns at once if it has. */
    void sleepUntil(long deadlineNanos);

    /**
     * Blocks until {@code condition} holds. Whoever makes it true must call {@link Wakeup#wake()} on
     * {@code wakeup} afterwards so a parked waiter notices promptly.
     */
    void await(BooleanSupplier condition, Wakeup wakeup);

    /**
     * Blocks until {@code condition} holds or {@link #nanoTime()} has reached {@code deadlineNanos}, whichever comes
     * first. Unlike {@link #sleepUntil} the real clock never spins here: it parks, so it returns within the OS's
     * wake-up latency after the deadline (tens of µs on an idle CPU). For schedules whose precision is milliseconds
     * and whose waiter must not take a core from the threads doing the work (a trace replay's bursts).
     */
    default void awaitUntil(BooleanSupplier condition, Wakeup wakeup, long deadlineNanos) {
        await(() -> condition.getAsBoolean() || nanoTime() - deadlineNanos >= 0, wakeup);
    }

    /** The real clock. */
    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
