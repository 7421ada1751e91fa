package io.llmharness.loadgen.clock;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;

/**
 * Simulated time for tests: time stands still until LoadGen waits, then jumps to the next scheduled event.
 * A simulated SUT {@link #schedule}s its completions at virtual times; when LoadGen sleeps or waits for a
 * condition, the clock runs due events in time order (ties in scheduling order) on the calling thread.
 *
 * <p>Single-threaded by design: every SUT action must run from an event (or synchronously inside
 * {@code issueQuery}). Waiting for a condition that no scheduled event can make true is a bug in the test and
 * fails with {@link IllegalStateException} instead of hanging.
 */
public final class VirtualClock implements Clock {

    /** Default wall-clock origin: 2025-01-01T00:00:00Z. */
    public static final Instant DEFAULT_EPOCH = Instant.parse("2025-01-01T00:00:00Z");

    private record Event(long at, long seq, Runnable action) {}

    private final PriorityQueue<Event> events =
            new PriorityQueue<>((a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
    private final long epochOffsetNanos;
    private final ZoneId zone;
    private long now;
    private long seq;

    /** A virtual clock at 0 ns whose wall clock starts at {@link #DEFAULT_EPOCH} in UTC. */
    public VirtualClock() {
        this(DEFAULT_EPOCH, ZoneOffset.UTC);
    }

    /** A virtual clock at 0 ns whose wall clock starts at {@code epoch} in {@code zone}. */
    public VirtualClock(Instant epoch, ZoneId zone) {
        this.epochOffsetNanos = epoch.getEpochSecond() * 1_000_000_000L + epoch.getNano();
        this.zone = zone;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public long epochNanos() {
        return epochOffsetNanos + now;
    }

    @Override
    public ZoneId zone() {
        return zone;
    }

    /** Runs {@code action} when virtual time reaches {@code atNanos} (at once, on the next wait, if past). */
    public void schedule(long atNanos, Runnable action) {
        events.add(new Event(atNanos, seq++, action));
    }

    /** Runs {@code action} {@code delayNanos} after now. */
    public void scheduleIn(long delayNanos, Runnable action) {
        schedule(now + delayNanos, action);
    }

    /** Number of events not yet run. */
    public int pendingEvents() {
        return events.size();
    }

    @Override
    public void sleepUntil(long deadlineNanos) {
        while (!events.isEmpty() && events.peek().at <= deadlineNanos) {
            runNext();
        }
        if (deadlineNanos > now) {
            now = deadlineNanos;
        }
    }

    /** Advances time by {@code nanos}, running the events that fall due. */
    public void advance(long nanos) {
        sleepUntil(now + nanos);
    }

    @Override
    public void await(BooleanSupplier condition, Wakeup wakeup) {
        while (!condition.getAsBoolean()) {
            if (events.isEmpty()) {
                throw new IllegalStateException(
                        "virtual clock at " + now
                                + " ns: LoadGen waits for completions but the SUT scheduled none (it would hang on a real clock)");
            }
            runNext();
        }
    }

    @Override
    public void awaitUntil(BooleanSupplier condition, Wakeup wakeup, long deadlineNanos) {
        while (!condition.getAsBoolean()) {
            if (events.isEmpty() || events.peek().at > deadlineNanos) {
                if (deadlineNanos > now) {
                    now = deadlineNanos;
                }
                return;
            }
            runNext();
        }
    }

    private void runNext() {
        Event e = events.poll();
        if (e.at > now) {
            now = e.at;
        }
        e.action.run();
    }
}
