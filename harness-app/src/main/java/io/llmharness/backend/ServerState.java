package io.llmharness.backend;

import io.llmharness.secret.SecretPrints;
import java.util.List;

/**
 * What {@code harness server start} records so that a later {@code stop} or {@code status} (another JVM)
 * finds the servers again. Written as JSON by {@link ServerStateStore}.
 *
 * @param name the record's name (default: the config file name without extension)
 * @param configFile the config file as given
 * @param backend backend name
 * @param model model
 * @param startedAt ISO-8601 time the servers became ready
 * @param debugMode whether stops should verify and report in detail
 * @param shutdownGraceMillis SIGTERM-to-SIGKILL grace in milliseconds
 * @param termLeaderOnly whether SIGTERM goes to the leader only (profiler wrapper)
 * @param instances one entry per server
 * @param secrets fingerprints of the secrets the servers were given, so that {@code stop} can redact their logs
 *     (null in a record written before they were kept)
 */
public record ServerState(
        String name,
        String configFile,
        String backend,
        String model,
        String startedAt,
        boolean debugMode,
        long shutdownGraceMillis,
        boolean termLeaderOnly,
        List<Instance> instances,
        SecretPrints secrets) {

    public ServerState {
        instances = List.copyOf(instances);
    }

    /**
     * One server process.
     *
     * @param name display name, e.g. {@code vllm[0]}
     * @param baseUrl URL clients use
     * @param host bind address
     * @param port port
     * @param pid leader pid
     * @param pgid process group (equal to pid when started with setsid), or -1
     * @param startTicks leader start time from /proc (guards against pid reuse), or -1
     * @param marker environment entry every process of the server carries
     * @param logFile absolute path of the log
     * @param command the command line
     */
    public record Instance(
            String name,
            String baseUrl,
            String host,
            int port,
            long pid,
            long pgid,
            long startTicks,
            String marker,
            String logFile,
            String command) {}
}
