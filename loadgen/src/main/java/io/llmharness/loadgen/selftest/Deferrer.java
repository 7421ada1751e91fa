package io.llmharness.loadgen.selftest;

import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.clock.VirtualClock;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Runs SUT actions at given clock times: on a {@link VirtualClock} as clock events, on the real clock on one
 * worker thread. Each stream (first tokens, completions) must be scheduled in non-decreasing time order,
 * which the fixed-latency SUT guarantees; the worker then merges two FIFO queues instead of keeping a heap.
 */
abstract sealed class Deferrer implements AutoCloseable {

    /** Stream of completions. */
    static final int COMPLETIONS = 0;
    /** Stream of first tokens. */
    static final int FIRST_TOKENS = 1;

    abstract void at(int stream, long atNanos, Runnable action);

    @Override
    public void close() {}

    static Deferrer on(Clock clock) {
        return clock instanceof VirtualClock v ? new Virtual(v) : new Worker(clock);
    }

    private static final class Virtual extends Deferrer {
        private final VirtualClock clock;

        Virtual(VirtualClock clock) {
            this.clock = clock;
        }

        @Override
        void at(int stream, long atNanos, Runnable action) {
            clock.schedule(atNanos, action);
        }
    }

    private static final class Worker extends Deferrer {
        private record Event(long at, Runnable action) {}

        private final Clock clock;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();

        private final ArrayDeque<Event> completions = new ArrayDeque<>();
        private final ArrayDeque<Event> firstTokens = new ArrayDeque<>();

        private final Thread thread;
        private boolean closed;

        Worker(Clock clock) {
            this.clock = clock;
            this.thread = Thread.ofPlatform().name("fixed-latency-sut").daemon().start(this::loop);
        }

        @Override
        void at(int stream, long atNanos, Runnable action) {
            lock.lock();
            try {
                (stream == COMPLETIONS ? completions : firstTokens).addLast(new Event(atNanos, action));
                changed.signal();
            } finally {
                lock.unlock();
            }
        }

        private void loop() {
            while (true) {
                Event next;
                lock.lock();
                try {
                    while (true) {
                        Event head = earliest();
                        if (head == null) {
                            if (closed) {
                                return;
                            }
                            changed.awaitUninterruptibly();
                            continue;
                        }
                        long wait = head.at - clock.nanoTime();
                        if (wait <= 0) {
                            next = head;
                            (completions.peekFirst() == head ? completions : firstTokens).pollFirst();
                            break;
                        }
                        try {
                            changed.await(wait, TimeUnit.NANOSECONDS);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                } finally {
                    lock.unlock();
                }
                next.action.run();
            }
        }

        /** The earlier head of the two queues; first tokens win ties. */
        private Event earliest() {
            Event c = completions.peekFirst();
            Event f = firstTokens.peekFirst();
            if (c == null) {
                return f;
            }
            if (f == null) {
                return c;
            }
            return f.at <= c.at ? f : c;
        }

        @Override
        public void close() {
            lock.lock();
            try {
                closed = true;
                changed.signal();
            } finally {
                lock.unlock();
            }
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
