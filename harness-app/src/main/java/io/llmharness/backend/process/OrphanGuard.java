package io.llmharness.backend.process;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A watchdog for the case no shutdown hook can handle: the harness JVM killed with SIGKILL (or crashing).
 * It is a small {@code sh} loop in a session of its own that polls the JVM's pid once a second; when the JVM
 * is gone it sends SIGTERM to the server's process group and to every process carrying the server's marker,
 * waits the grace period, and sends SIGKILL. A normal stop or a detach ends the watchdog first. Needs
 * {@code /proc} and GNU {@code grep -z}; without them no guard is started.
 */
public final class OrphanGuard {

    private static final String SCRIPT = String.join(
            "\n",
            "jvm=$1; pgid=$2; marker=$3; grace=$4",
            "while kill -0 \"$jvm\" 2>/dev/null; do sleep 1; done",
            "members() { for f in $(grep -lzxF \"$marker\" /proc/[0-9]*/environ 2>/dev/null); do",
            "  p=${f#/proc/}; echo \"${p%/environ}\"; done; }",
            "sig() { [ \"$pgid\" -gt 0 ] && kill -\"$1\" -- -\"$pgid\" 2>/dev/null; for p in $(members); do kill -\"$1\" \"$p\" 2>/dev/null; done; }",
            "left() { [ \"$pgid\" -gt 0 ] && kill -0 -- -\"$pgid\" 2>/dev/null && return 0; [ -n \"$(members)\" ]; }",
            "sig TERM",
            "i=0; while [ \"$i\" -lt \"$grace\" ] && left; do sleep 1; i=$((i + 1)); done",
            "left && sig KILL",
            "");

    private OrphanGuard() {}

    /**
     * Starts a watchdog for a server.
     *
     * @param pgid the server's process group, or -1 when it has none of its own
     * @param marker the {@code NAME=value} environment entry of the server's processes
     * @param grace time between SIGTERM and SIGKILL
     * @param setsid path of {@code setsid}, or null
     * @return the watchdog, or empty when it could not be started (cleanup then relies on the shutdown hook)
     */
    public static Optional<Process> start(long pgid, String marker, Duration grace, String setsid) {
        if (!ProcTable.available()) {
            return Optional.empty();
        }
        List<String> cmd = new ArrayList<>();
        if (setsid != null) {
            cmd.add(setsid);
        }
        cmd.addAll(List.of(
                "sh",
                "-c",
                SCRIPT,
                "harness-orphan-guard",
                Long.toString(ProcessHandle.current().pid()),
                Long.toString(pgid),
                marker,
                Long.toString(Math.max(1, grace.toSeconds()))));
        try {
            Process p = new ProcessBuilder(cmd)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return Optional.of(p);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Ends a watchdog and its {@code sleep}, without it doing anything. */
    public static void end(Process guard) {
        guard.descendants().forEach(ProcessHandle::destroyForcibly);
        guard.destroyForcibly();
    }
}
