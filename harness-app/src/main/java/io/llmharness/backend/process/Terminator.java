package io.llmharness.backend.process;

import io.llmharness.backend.process.ProcTable.Proc;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stops a {@link ProcessTree}: SIGTERM (to every member, or to the leader only when the leader is a profiler
 * that must forward it and write its report), up to {@code grace} for everything to exit, then SIGKILL for
 * every survivor, repeated until no member is left or {@link #KILL_WINDOW} has passed.
 */
public final class Terminator {

    /** How long SIGKILL rounds continue for members that keep appearing. */
    public static final Duration KILL_WINDOW = Duration.ofSeconds(5);

    private static final long POLL_MS = 150;

    private Terminator() {}

    /**
     * What a stop did.
     *
     * @param terminated members that got SIGTERM
     * @param killed members still alive after the grace period that got SIGKILL
     * @param survivors members alive after the last SIGKILL round (should be empty)
     * @param took time from SIGTERM to the end
     */
    public record Result(List<Proc> terminated, List<Proc> killed, List<Proc> survivors, Duration took) {

        /** Whether nothing of the tree is left. */
        public boolean clean() {
            return survivors.isEmpty();
        }
    }

    /**
     * Stops the tree.
     *
     * @param leaderOnly send SIGTERM to the leader only (when it is alive); the rest follow it or get SIGKILL
     */
    public static Result stop(ProcessTree tree, Duration grace, boolean leaderOnly) {
        long t0 = System.nanoTime();
        List<Proc> members = tree.members();
        List<Proc> terminated = new ArrayList<>();
        for (Proc p : members) {
            if (!leaderOnly || p.pid() == tree.leaderPid() || !tree.leaderAlive()) {
                signal(p, false);
                terminated.add(p);
            }
        }
        long graceEnd = t0 + grace.toNanos();
        List<Proc> left = members;
        boolean interrupted = false;
        while (!left.isEmpty() && System.nanoTime() - graceEnd < 0) {
            interrupted |= sleep();
            left = tree.members();
        }
        Map<Long, Proc> killed = new LinkedHashMap<>();
        long killEnd = System.nanoTime() + KILL_WINDOW.toNanos();
        while (!left.isEmpty() && System.nanoTime() - killEnd < 0) {
            for (Proc p : left) {
                signal(p, true);
                killed.putIfAbsent(p.pid(), p);
            }
            interrupted |= sleep();
            left = tree.members();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new Result(
                List.copyOf(terminated),
                List.copyOf(killed.values()),
                List.copyOf(left),
                Duration.ofNanos(System.nanoTime() - t0));
    }

    /** Sends SIGTERM ({@code force} false) or SIGKILL to one process, if it is still the same process. */
    static void signal(Proc p, boolean force) {
        ProcessHandle.of(p.pid()).ifPresent(h -> {
            boolean same = ProcTable.read(p.pid())
                    .map(now -> now.startTicks() == p.startTicks())
                    .orElse(false);
            if (same) {
                if (force) {
                    h.destroyForcibly();
                } else {
                    h.destroy();
                }
            }
        });
    }

    /** Sleeps one poll period; returns whether the thread was interrupted (cleanup goes on regardless). */
    private static boolean sleep() {
        try {
            Thread.sleep(POLL_MS);
            return false;
        } catch (InterruptedException e) {
            return true;
        }
    }
}
