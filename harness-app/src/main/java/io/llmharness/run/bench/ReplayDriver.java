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
 * schedule lag count from it.
 *
 * <p>What a burst costs the scheduler is kept to the hand-over itself, so the client and the server get the CPU when
 * they need it most: the loop parks until the next due time ({@link Clock#awaitUntil}: no spin, whose 150 µs per
 * request took a core for the whole of a burst whose rows are 0.1 ms apart), and only answers that change the
 * schedule wake it (a turn that has a next turn, or a session whose end frees a slot); the answer of a session's last
 * turn without a session cap is nobody's business here, so the session ends when that turn is sent. Answers are
 * handed over from the client's threads through a queue.
 */
final class ReplayDriver {

    /** Sends one row: the plan index, its due time, and what to run when its answer (or failure) has arrived. */
    interface Submitter {
        /** @param answered run when the answer (or failure) arrived; null when nothing waits for it */
        void submit(long row, long dueNs, Runnable answered);
    }

    private final Clock clock;
    private final Wakeup wakeup;
    private final BooleanSupplier stopped;
    private final Submitter submitter;

    /**
     * @param wakeup woken by the answers this driver waits for and by a stop, by nothing else (every other answer
     *     would wake the loop for nothing)
     */
    ReplayDriver(Clock clock, Wakeup wakeup, BooleanSupplier stopped, Submitter submitter) {
        this.clock = clock;
        this.wakeup = wakeup;
        this.stopped = stopped;
        this.submitter = submitter;
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
     * Replays the plan from {@code startNs}; returns when every session has ended (its last turn was sent, or with a
     * session cap answered) or the run was stopped; the requests sent are then still in flight: the caller waits for
     * them.
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
        BooleanSupplier wake = () -> !answers.isEmpty() || stopped.getAsBoolean();
        long seq = 0;
        int started = 0;
        int ended = 0;
        while (!stopped.getAsBoolean() && ended < sessions.size()) {
            for (Answer a; (a = answers.poll()) != null; ) {
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
                clock.await(wake, wakeup);
                continue;
            }
            if (clock.nanoTime() - next < 0) {
                // an answer may bring an earlier turn, or a slot: look again after any wake-up
                clock.awaitUntil(wake, wakeup, next);
                continue;
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
            boolean last = l.turn == l.session.turns().size() - 1;
            Runnable answered = null;
            if (last && cap == 0) {
                ended++;
            } else {
                answered = () -> {
                    answers.add(new Answer(l, clock.nanoTime()));
                    wakeup.wake();
                };
            }
            submitter.submit(l.session.turns().get(l.turn).index(), next, answered);
        }
    }
}
