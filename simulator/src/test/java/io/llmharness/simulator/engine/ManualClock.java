package io.llmharness.simulator.engine;

import java.util.PriorityQueue;

/** A virtual clock: time moves only when a test advances it; due tasks run in deadline order. */
final class ManualClock implements EngineClock {
    private record Task(long at, long seq, Runnable run, boolean[] cancelled) {}

    private final PriorityQueue<Task> tasks =
            new PriorityQueue<>((a, b) -> a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
    private long now = 1_000_000_000L;
    private long seq;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        boolean[] cancelled = {false};
        tasks.add(new Task(now + Math.max(0, delayNanos), seq++, task, cancelled));
        return () -> cancelled[0] = true;
    }

    /** Runs everything due up to {@code now + nanos}, moving time to each task's deadline. */
    void advance(long nanos) {
        long end = now + nanos;
        while (!tasks.isEmpty() && tasks.peek().at <= end) {
            Task t = tasks.poll();
            now = Math.max(now, t.at);
            if (!t.cancelled[0]) {
                t.run.run();
            }
        }
        now = end;
    }

    void advanceMillis(double ms) {
        advance(Math.round(ms * 1_000_000));
    }

    /** Runs until no task is pending (or the limit passes). */
    void runAll(long limitNanos) {
        long end = now + limitNanos;
        while (!tasks.isEmpty() && tasks.peek().at <= end) {
            advance(tasks.peek().at - now);
        }
    }

    long now() {
        return now;
    }
}
