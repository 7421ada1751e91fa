package io.llmharness.cli.sim;

import io.llmharness.simulator.Lifecycle;
import picocli.CommandLine.Option;

/** {@link Lifecycle}: start-up, readiness, shutdown and simulated crash. */
final class LifecycleFlags {
    @Option(names = "--skip-server-warmup", description = "SGLang: healthy without the warm-up request.")
    boolean skipWarmup = Lifecycle.DEFAULTS.skipWarmup();

    @Option(
            names = "--startup-delay-ms",
            description = "Refuse connections this long before listening, ms (default: ${DEFAULT-VALUE}).")
    long startupDelayMs = Lifecycle.DEFAULTS.startupDelayMs();

    @Option(
            names = {"--warmup-ms", "--startup-duration"},
            converter = SimConverters.WholeMillis.class,
            description = "After listening, /health answers 503 this long, ms (default: ${DEFAULT-VALUE}).")
    long warmupMs = Lifecycle.DEFAULTS.warmupMs();

    @Option(
            names = "--shutdown-timeout",
            converter = SimConverters.Seconds.class,
            description = "On SIGTERM let in-flight requests finish this long (seconds, or 500ms); new ones get 503"
                    + " (default: ${DEFAULT-VALUE} ms).")
    long shutdownTimeoutMs = Lifecycle.DEFAULTS.shutdownTimeoutMs();

    @Option(
            names = "--exit-after-requests",
            description = "Simulate a crash after N answered requests (exit 1); 0 = never (default: ${DEFAULT-VALUE}).")
    long exitAfterRequests = Lifecycle.DEFAULTS.exitAfterRequests();

    Lifecycle toLifecycle() {
        return new Lifecycle(startupDelayMs, warmupMs, skipWarmup, shutdownTimeoutMs, exitAfterRequests);
    }
}
