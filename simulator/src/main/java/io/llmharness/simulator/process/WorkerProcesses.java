package io.llmharness.simulator.process;

import io.llmharness.simulator.Persona;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Idle child processes standing in for a real server's GPU workers ({@code VLLM::Worker_TP0} …,
 * {@code sglang::scheduler_TP0} …): {@code bash -c 'exec -a NAME sleep infinity'}. Like real workers they are
 * stopped when the server shuts down cleanly but survive a SIGKILL of the server (they are ordinary children in the
 * server's process group), so a server manager's process-group cleanup is really exercised.
 */
public final class WorkerProcesses implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerProcesses.class);
    private final List<Process> processes;

    private WorkerProcesses(List<Process> processes) {
        this.processes = processes;
    }

    /** Process names for a persona: {@code VLLM::Worker_TP<i>} or {@code sglang::scheduler_TP<i>}. */
    public static String name(Persona persona, int rank) {
        return persona == Persona.VLLM ? "VLLM::Worker_TP" + rank : "sglang::scheduler_TP" + rank;
    }

    /** Starts {@code count} workers; a failure to start one is logged and the rest continue. */
    public static WorkerProcesses spawn(Persona persona, int count) {
        List<Process> started = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ProcessBuilder pb = new ProcessBuilder("bash", "-c", "exec -a \"$0\" sleep infinity", name(persona, i));
            pb.redirectInput(new File("/dev/null"));
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
            try {
                started.add(pb.start());
            } catch (IOException e) {
                LOG.warn("could not start worker process {}: {}", name(persona, i), e.getMessage());
            }
        }
        return new WorkerProcesses(started);
    }

    /** Process ids of the workers. */
    public List<Long> pids() {
        return processes.stream().map(Process::pid).toList();
    }

    /** SIGTERM to every worker, then SIGKILL to any still alive after two seconds. */
    @Override
    public void close() {
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(2, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
        }
    }
}
