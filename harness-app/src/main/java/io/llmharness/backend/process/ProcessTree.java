package io.llmharness.backend.process;

import io.llmharness.backend.process.ProcTable.Proc;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything a launched server consists of, found again on every call to {@link #members()} by four
 * independent rules, so that no process escapes cleanup:
 *
 * <ol>
 *   <li>the leader itself (pid and start time; a pid whose start time is unknown is never trusted alone);
 *   <li>members of its process group, when it was started in a group of its own (with {@code setsid}) —
 *       this finds workers that were reparented after their parent died;
 *   <li>processes carrying the server's marker in their environment ({@code HARNESS_SERVER_ID=…}), which
 *       every descendant inherits — this finds children that started a session of their own;
 *   <li>processes seen as members before (pid and start time), and descendants of any member.
 * </ol>
 *
 * The harness's own process and its ancestors are never members.
 */
public final class ProcessTree {

    private final long leaderPid;
    private final long leaderStartTicks;
    private final long pgid;
    private final String marker;
    private final Map<Long, Long> seen = new HashMap<>();

    /**
     * @param leaderPid the launched process
     * @param leaderStartTicks its start time from {@code /proc}, or -1 when unknown
     * @param pgid its process group when it leads a group of its own, else -1
     * @param marker {@code NAME=value} environment entry every member carries, or null
     */
    public ProcessTree(long leaderPid, long leaderStartTicks, long pgid, String marker) {
        this.leaderPid = leaderPid;
        this.leaderStartTicks = leaderStartTicks;
        this.pgid = pgid;
        this.marker = marker;
        if (leaderStartTicks >= 0) {
            seen.put(leaderPid, leaderStartTicks);
        }
    }

    /** Tracks a freshly started process: its group is used when it leads one (that is what setsid does). */
    public static ProcessTree forLeader(long pid, String marker) {
        Optional<Proc> p = ProcTable.read(pid);
        long start = p.map(Proc::startTicks).orElse(-1L);
        long group = p.filter(x -> x.pgid() == pid).map(Proc::pgid).orElse(-1L);
        return new ProcessTree(pid, start, group, marker);
    }

    public long leaderPid() {
        return leaderPid;
    }

    public long leaderStartTicks() {
        return leaderStartTicks;
    }

    /** The process group, or -1 when the leader does not lead a group of its own. */
    public long pgid() {
        return pgid;
    }

    public String marker() {
        return marker;
    }

    /** Whether the leader still runs (same pid and start time). */
    public boolean leaderAlive() {
        return ProcTable.read(leaderPid)
                .filter(p -> p.alive() && (leaderStartTicks < 0 || p.startTicks() == leaderStartTicks))
                .isPresent();
    }

    /** Every live member now, leader first when it is alive. */
    public synchronized List<Proc> members() {
        List<Proc> all = ProcTable.snapshot();
        Set<Long> excluded = selfAndAncestors(all);
        Set<Long> in = new HashSet<>();
        for (Proc p : all) {
            if (p.alive() && !excluded.contains(p.pid()) && matches(p)) {
                in.add(p.pid());
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Proc p : all) {
                if (p.alive() && !excluded.contains(p.pid()) && !in.contains(p.pid()) && in.contains(p.ppid())) {
                    in.add(p.pid());
                    grew = true;
                }
            }
        }
        List<Proc> out = new ArrayList<>();
        for (Proc p : all) {
            if (in.contains(p.pid())) {
                seen.put(p.pid(), p.startTicks());
                if (p.pid() == leaderPid) {
                    out.add(0, p);
                } else {
                    out.add(p);
                }
            }
        }
        return out;
    }

    private boolean matches(Proc p) {
        Long start = seen.get(p.pid());
        if (start != null && start == p.startTicks()) {
            return true;
        }
        if (pgid > 0 && p.pgid() == pgid) {
            return true;
        }
        return marker != null && ProcTable.environContains(p.pid(), marker);
    }

    private static Set<Long> selfAndAncestors(List<Proc> all) {
        Map<Long, Long> parent = new HashMap<>();
        for (Proc p : all) {
            parent.put(p.pid(), p.ppid());
        }
        Set<Long> out = new HashSet<>();
        long cur = ProcessHandle.current().pid();
        while (cur > 0 && out.add(cur)) {
            cur = parent.getOrDefault(cur, 0L);
        }
        return out;
    }
}
