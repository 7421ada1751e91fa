package io.llmharness.run.bench;

import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.clock.Wakeup;
import io.llmharness.workload.trace.ReplayPlan;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BooleanSupplier;

/**
 * Sends a {@link ReplayPlan} on the scheduling thread, open loop: a session's first turn is due at its planned
 * start (with {@code --concurrent-sessions}, not before a slot is free: the slot freed by the session that ended
 * first); each later turn is due once the previous turn's answer has arrived plus its think time, and not before its
 * recorded place after the session's start. Every request carries its due time as its scheduled time, so latency and
 * schedule lag count from it. Answers are handed over from the client's threads through a queue; the loop parks until
 * just before the next due time (or an answer), then waits precisely, never sleeping in milliseconds.
 */
final class ReplayDriver {

    /** Sends one row: the plan index, its due time, and what to run when its answer (or failure) has arrived. */
    interface Submitter {
        void submit(long row, long dueNs, Runnable answered);
    }

    /** How early before a due time the loop stops listening for answers and waits precisely, ns. */
    static final long PRECISE_NS = 1_500_000L;

    private final Clock clock;
    private final Wakeup wakeup;
    private final BooleanSupplier stopped;
    private final Submitter submitter;

    ReplayDriver(Clock clock, Wakeup wakeup, BooleanSupplier stopped, Submitter submitter) {
        this.clock = clock;
        this.wakeup = wakeup;
        this.stopped = stopped;
        this.submitter = submitter;
    }

    /** Waits until {@code deadline} in slices of {@link BenchRun#SLICE_NS}, so a stop is noticed. */
    private void sleepUntil(long deadline) {
        while (!stopped.getAsBoolean()) {
            long left = deadline - clock.nanoTime();
            if (left <= BenchRun.SLICE_NS) {
                clock.sleepUntil(deadline);
                return;
            }
            clock.sleepUntil(clock.nanoTime() + BenchRun.SLICE_NS);
        }
    }

    /** A session being replayed. */
    private static final class Live {
        final ReplayPlan.Session session;
        final long startedNs;
        int turn;

        Live(ReplayPlan.Session session, long startedNs) {
            this.session = session;
            this.startedNs = startedNs;
        }
    }

    /** A turn waiting for its due time. */
    private record Due(long dueNs, long seq, Live live) {}

    /** A turn's answer arrived (or it failed) at {@code atNs}. */
    private record Answer(Live live, long atNs) {}

    /**
     * Replays the plan from {@code startNs}; returns when every session has ended or the run was stopped (the
     * requests already sent are then still in flight: the caller waits for them).
     */
    void run(ReplayPlan plan, long startNs) {
        List<ReplayPlan.Session> sessions = plan.sessions();
        int cap = plan.options().concurrentSessions();
        Queue<Answer> answers = new ConcurrentLinkedQueue<>();
        PriorityQueue<Due> due =
                new PriorityQueue<>(Comparator.comparingLong(Due::dueNs).thenComparingLong(Due::seq));
        PriorityQueue<Long> freeSlots = new PriorityQueue<>();
        for (int i = 0; i < cap; i++) {
            freeSlots.add(startNs);
        }
        long seq = 0;
        int started = 0;
        int ended = 0;
        int outstanding = 0;
        while (!stopped.getAsBoolean() && ended < sessions.size()) {
            for (Answer a; (a = answers.poll()) != null; ) {
                outstanding--;
                Live l = a.live();
                l.turn++;
                if (l.turn < l.session.turns().size()) {
                    ReplayPlan.Turn t = l.session.turns().get(l.turn);
                    long at = a.atNs() + t.thinkNs();
                    if (t.sinceStartNs() >= 0 && at - (l.startedNs + t.sinceStartNs()) < 0) {
                        at = l.startedNs + t.sinceStartNs();
                    }
                    due.add(new Due(at, seq++, l));
                } else {
                    ended++;
                    if (cap > 0) {
                        freeSlots.add(a.atNs());
                    }
                }
            }
            if (ended == sessions.size()) {
                break;
            }
            long next = Long.MAX_VALUE;
            boolean startNext = false;
            if (!due.isEmpty()) {
                next = due.peek().dueNs();
            }
            if (started < sessions.size() && (cap == 0 || !freeSlots.isEmpty())) {
                long s = startNs + sessions.get(started).startNs();
                if (cap > 0 && freeSlots.peek() - s > 0) {
                    s = freeSlots.peek();
                }
                if (next == Long.MAX_VALUE || s - next < 0) {
                    next = s;
                    startNext = true;
                }
            }
            if (next == Long.MAX_VALUE) { // every live session waits for an answer
                clock.await(() -> !answers.isEmpty() || stopped.getAsBoolean(), wakeup);
                continue;
            }
            if (outstanding == 0) {
                sleepUntil(next); // no answer can come: wait in slices, for a stop
                if (stopped.getAsBoolean()) {
                    break;
                }
            } else {
                long wakeAt = next - PRECISE_NS;
                clock.await(
                        () -> !answers.isEmpty() || stopped.getAsBoolean() || clock.nanoTime() - wakeAt >= 0, wakeup);
                if (stopped.getAsBoolean()) {
                    break;
                }
                if (!answers.isEmpty() && clock.nanoTime() - wakeAt < 0) {
                    continue; // an answer may bring an earlier turn, or a slot
                }
                clock.sleepUntil(next);
            }
            Live live;
            if (startNext) {
                live = new Live(sessions.get(started++), next);
                if (cap > 0) {
                    freeSlots.poll();
                }
            } else {
                live = due.poll().live();
            }
            Live l = live;
            outstanding++;
            submitter.submit(l.session.turns().get(l.turn).index(), next, () -> {
                answers.add(new Answer(l, clock.nanoTime()));
                wakeup.wake();
            });
        }
    }
}
