package io.llmharness.backend;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What stopping one server did and found.
 *
 * @param name display name, e.g. {@code vllm[0]}
 * @param baseUrl the server's URL
 * @param exitCode the leader's exit code when this JVM started it and it exited, else null
 * @param terminated processes that got SIGTERM, as {@code pid (comm, ppid, pgid)}
 * @param killed processes still alive after the grace period that got SIGKILL
 * @param survivors processes alive after every SIGKILL round (should be empty)
 * @param portFree whether the port could be bound afterwards
 * @param gpuHolders processes of this server still holding GPU memory per {@code nvidia-smi} (debug mode),
 *     or null when not checked
 * @param took time the stop took
 */
public record StopReport(
        String name,
        String baseUrl,
        Integer exitCode,
        List<String> terminated,
        List<String> killed,
        List<String> survivors,
        boolean portFree,
        List<String> gpuHolders,
        Duration took) {

    /** Whether nothing is left: no process, port released, no GPU memory held. */
    public boolean clean() {
        return survivors.isEmpty() && portFree && (gpuHolders == null || gpuHolders.isEmpty());
    }

    /** Human-readable lines: a summary, then one line per problem. */
    public List<String> describe() {
        List<String> out = new ArrayList<>();
        out.add("stopped " + name + " at " + baseUrl + " in " + String.format("%.1f", took.toMillis() / 1000.0)
                + " s" + (exitCode == null ? "" : " (exit code " + exitCode + ")") + ": " + terminated.size()
                + " process(es) got SIGTERM, " + killed.size() + " needed SIGKILL");
        if (!killed.isEmpty()) {
            out.add("  killed after the grace period: " + String.join(", ", killed));
        }
        if (!survivors.isEmpty()) {
            out.add("  STILL RUNNING after SIGKILL: " + String.join(", ", survivors));
        }
        if (!portFree) {
            out.add("  port of " + baseUrl + " is still in use");
        }
        if (gpuHolders != null && !gpuHolders.isEmpty()) {
            out.add("  still holding GPU memory: " + String.join(", ", gpuHolders));
        }
        return out;
    }
}
