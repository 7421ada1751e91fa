package io.llmharness.loadgen.clock;

import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The real clock: {@link System#nanoTime()} for latencies and precise waits that park for the far part of a
 * wait and spin the last stretch, so issue times land within microseconds of their schedule without
 * millisecond sleeps. The spin window is {@value #DEFAULT_SPIN_NANOS} ns unless the system property
 * {@code llmharness.loadgen.spinNanos} says otherwise.
 */
public final class SystemClock implements Clock {

    /** Default length of the final busy-wait before a deadline, in ns. */
    public static final long DEFAULT_SPIN_NANOS = 150_000;

    /** Longest single park while waiting for a condition, in ns (a safety net; wakeups normally come first). */
    private static final long MAX_PARK_NANOS = 1_000_000;

    /** Longest single park of {@link #awaitUntil} (a safety net for a missed wake-up), in ns. */
    private static final long MAX_UNTIL_PARK_NANOS = 50_000_000;

    /** How long to spin on a condition before parking, in ns. */
    private static final long CONDITION_SPIN_NANOS = 20_000;

    static final SystemClock INSTANCE =
            new SystemClock(Long.getLong("llmharness.loadgen.spinNanos", DEFAULT_SPIN_NANOS));

    private final long spinNanos;

    /** A system clock that spins for the last {@code spinNanos} ns of every wait. */
    public SystemClock(long spinNanos) {
        this.spinNanos = spinNanos;
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    @Override
    public ZoneId zone() {
        return ZoneId.systemDefault();
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        long remaining = deadlineNanos - System.nanoTime();
        while (remaining > spinNanos) {
            LockSupport.parkNanos(remaining - spinNanos);
            remaining = deadlineNanos - System.nanoTime();
        }
        while (System.nanoTime() - deadlineNanos < 0) {
            Thread.onSpinWait();
        }
    }

    @Override
    public void awaitUntil(BooleanSupplier condition, Wakeup wakeup, long deadlineNanos) {
        if (condition.getAsBoolean()) {
            return;
        }
        wakeup.register(Thread.currentThread());
        try {
            while (!condition.getAsBoolean()) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                LockSupport.parkNanos(wakeup, Math.min(left, MAX_UNTIL_PARK_NANOS));
            }
        } finally {
            wakeup.clear();
        }
    }

    @Override
    public void await(BooleanSupplier condition, Wakeup wakeup) {
        if (condition.getAsBoolean()) {
            return;
        }
        long spinUntil = System.nanoTime() + CONDITION_SPIN_NANOS;
        while (System.nanoTime() - spinUntil < 0) {
            if (condition.getAsBoolean()) {
                return;
            }
            Thread.onSpinWait();
        }
        wakeup.register(Thread.currentThread());
        try {
            while (!condition.getAsBoolean()) {
                LockSupport.parkNanos(wakeup, MAX_PARK_NANOS);
            }
        } finally {
            wakeup.clear();
        }
    }
}
