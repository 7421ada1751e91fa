package io.llmharness.backend;

import io.llmharness.backend.process.GpuMemoryCheck;
import io.llmharness.backend.process.GpuMemoryCheck.GpuProcess;
import io.llmharness.backend.process.Ports;
import io.llmharness.backend.process.ProcTable.Proc;
import io.llmharness.backend.process.ProcessTree;
import io.llmharness.backend.process.Terminator;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The stop procedure shared by servers this JVM started and servers recorded in a state file: terminate the
 * tree, confirm the port is free, and in debug mode list the tree and check GPU memory.
 */
final class ServerStopper {

    /** How long a stopped server's port may take to be released. */
    static final Duration PORT_RELEASE = Duration.ofSeconds(5);
    /** How long GPU memory may take to be returned after the processes are gone (debug mode). */
    static final Duration GPU_RELEASE = Duration.ofSeconds(10);

    private ServerStopper() {}

    /** Everything about the server that the procedure needs. */
    record Target(String name, String baseUrl, String host, int port, ProcessTree tree) {}

    static StopReport stop(
            Target t,
            Duration grace,
            boolean leaderOnly,
            boolean debug,
            ServerListener listener,
            Supplier<Integer> exitCode) {
        if (debug) {
            List<Proc> before = t.tree().members();
            listener.event("debug: " + t.name() + " has " + before.size() + " process(es) before stop: "
                    + before.stream().map(Proc::toString).toList());
        }
        Terminator.Result r = Terminator.stop(t.tree(), grace, leaderOnly);
        boolean portFree = Ports.awaitFree(t.host(), t.port(), PORT_RELEASE);
        List<String> gpu = null;
        if (debug) {
            gpu = gpuHolders(r, listener, t.name());
            if (r.clean()) {
                listener.event("debug: verified no process of " + t.name() + " is left (process group "
                        + t.tree().pgid() + ", marker " + t.tree().marker() + ", descendants)");
            }
        }
        StopReport report = new StopReport(
                t.name(),
                t.baseUrl(),
                exitCode.get(),
                r.terminated().stream().map(Proc::toString).toList(),
                r.killed().stream().map(Proc::toString).toList(),
                r.survivors().stream().map(Proc::toString).toList(),
                portFree,
                gpu,
                r.took());
        report.describe().forEach(listener::event);
        return report;
    }

    private static List<String> gpuHolders(Terminator.Result r, ServerListener listener, String name) {
        Set<Long> pids = new HashSet<>();
        r.terminated().forEach(p -> pids.add(p.pid()));
        r.killed().forEach(p -> pids.add(p.pid()));
        long deadline = System.nanoTime() + GPU_RELEASE.toNanos();
        while (true) {
            Optional<List<GpuProcess>> all = GpuMemoryCheck.query();
            if (all.isEmpty()) {
                listener.event("debug: nvidia-smi is not available; GPU memory of " + name + " not checked");
                return null;
            }
            List<GpuProcess> held = GpuMemoryCheck.heldBy(all.get(), pids);
            if (held.isEmpty() || System.nanoTime() - deadline >= 0) {
                return held.stream()
                        .map(g -> "pid " + g.pid() + " (" + g.usedMiB() + " MiB)")
                        .toList();
            }
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return held.stream().map(g -> "pid " + g.pid()).toList();
            }
        }
    }
}
