package io.llmharness.backend;

import io.llmharness.backend.process.LogTail;
import io.llmharness.backend.process.ProcessTree;
import io.llmharness.secret.PrivateFiles;
import io.llmharness.secret.SecretPrints;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Stop and status of servers recorded by {@code harness server start} (started by another JVM). */
public final class RecordedServers {

    private RecordedServers() {}

    /** Liveness of one recorded server. */
    public enum Liveness {
        /** Process alive and {@code /health} answers 200. */
        READY,
        /** Process alive, {@code /health} does not answer 200 (starting, overloaded or hung). */
        RUNNING,
        /** The leader process is gone. */
        DEAD
    }

    /**
     * Status of one recorded server.
     *
     * @param instance the record
     * @param liveness what was found
     * @param detail e.g. the failed health check, or the processes left behind by a dead leader
     * @param leftovers number of processes of the server still alive (leader included)
     */
    public record Status(ServerState.Instance instance, Liveness liveness, String detail, int leftovers) {

        /** One line for {@code harness server status}. */
        public String describe() {
            ServerState.Instance i = instance;
            String base = i.name() + " " + i.baseUrl() + " pid " + i.pid() + ": "
                    + liveness.name().toLowerCase();
            String more = detail == null ? "" : " (" + detail + ")";
            String log =
                    liveness == Liveness.DEAD ? "; last log lines: " + LogTail.oneLine(Path.of(i.logFile()), 5) : "";
            return base + more + "; log " + i.logFile() + log;
        }
    }

    /** Checks every recorded server. */
    public static List<Status> status(ServerState state, HealthProbe probe) {
        List<Status> out = new ArrayList<>();
        for (ServerState.Instance i : state.instances()) {
            ProcessTree tree = treeOf(i);
            int left = tree.members().size();
            if (!tree.leaderAlive()) {
                String d = left > 0 ? left + " process(es) of it are still running; run 'harness server stop'" : null;
                out.add(new Status(i, Liveness.DEAD, d, left));
                continue;
            }
            HealthProbe.Check c = probe.health(i.baseUrl(), Duration.ofSeconds(5));
            out.add(
                    c.ok()
                            ? new Status(i, Liveness.READY, null, left)
                            : new Status(i, Liveness.RUNNING, "health check: " + c, left));
        }
        return out;
    }

    /**
     * Stops every recorded server (also the remains of dead ones) and returns the reports. Each server's log is then
     * redacted: the server may have printed its own arguments or environment, and this JVM knows its secrets only
     * by the {@link ServerState#secrets() fingerprints} the start recorded.
     */
    public static List<StopReport> stop(ServerState state, ServerListener listener) {
        List<StopReport> reports = new ArrayList<>();
        SecretPrints prints = state.secrets() == null ? new SecretPrints("", 1, List.of()) : state.secrets();
        for (ServerState.Instance i : state.instances()) {
            reports.add(ServerStopper.stop(
                    new ServerStopper.Target(i.name(), i.baseUrl(), i.host(), i.port(), treeOf(i)),
                    Duration.ofMillis(state.shutdownGraceMillis()),
                    state.termLeaderOnly(),
                    state.debugMode(),
                    listener,
                    () -> null));
            if (i.logFile() != null) {
                PrivateFiles.redactInPlace(Path.of(i.logFile()), prints::redact);
            }
        }
        return reports;
    }

    private static ProcessTree treeOf(ServerState.Instance i) {
        return new ProcessTree(i.pid(), i.startTicks(), i.pgid(), i.marker());
    }
}
