package io.llmharness.simulator;

/**
 * How the simulated server starts, becomes ready, stops and dies. All durations are in milliseconds, all zero by
 * default (ready at once, in-flight requests aborted on close, no crash).
 *
 * @param startupDelayMs before the port is opened; connections are refused meanwhile ({@code --startup-delay-ms})
 * @param warmupMs after the port is opened, {@code /health} answers 503 this long ({@code --warmup-ms})
 * @param skipWarmup SGLang persona: skip the internal warm-up generation, so {@code /health} is 200 at once
 *     ({@code --skip-server-warmup}); default false
 * @param shutdownTimeoutMs on {@link SimulatorServer#close()}, in-flight requests may finish this long while new
 *     ones get 503, then the rest are aborted, as vLLM's {@code --shutdown-timeout} (given there in seconds); 0 = abort
 *     at once, vLLM's default
 * @param exitAfterRequests simulate an engine crash once this many generation requests have been answered:
 *     connections are dropped, {@code /health} turns 503 and {@link SimulatorServer#crashed()} completes
 *     ({@code harness sim} exits 1) ({@code --exit-after-requests}); 0 = never
 */
public record Lifecycle(
        long startupDelayMs, long warmupMs, boolean skipWarmup, long shutdownTimeoutMs, long exitAfterRequests)
        implements SimulatorOptions.Group {
    /** The defaults: ready at once, abort on close, never crash. */
    public static final Lifecycle DEFAULTS = new Lifecycle(0, 0, false, 0, 0);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Lifecycle {
        Check.nonNegative("startupDelayMs (--startup-delay-ms)", startupDelayMs);
        Check.nonNegative("warmupMs (--warmup-ms)", warmupMs);
        Check.nonNegative("exitAfterRequests (--exit-after-requests)", exitAfterRequests);
        Check.nonNegative("shutdownTimeoutMs (--shutdown-timeout)", shutdownTimeoutMs);
    }

    /** Port closed this long, milliseconds. */
    public Lifecycle withStartupDelayMs(long value) {
        return new Lifecycle(value, warmupMs, skipWarmup, shutdownTimeoutMs, exitAfterRequests);
    }

    /** {@code /health} 503 this long after listening, milliseconds. */
    public Lifecycle withWarmupMs(long value) {
        return new Lifecycle(startupDelayMs, value, skipWarmup, shutdownTimeoutMs, exitAfterRequests);
    }

    /** SGLang warm-up request skipped or not. */
    public Lifecycle withSkipWarmup(boolean value) {
        return new Lifecycle(startupDelayMs, warmupMs, value, shutdownTimeoutMs, exitAfterRequests);
    }

    /** This drain time on close, milliseconds. */
    public Lifecycle withShutdownTimeoutMs(long value) {
        return new Lifecycle(startupDelayMs, warmupMs, skipWarmup, value, exitAfterRequests);
    }

    /** Crash after this many answered requests (0 = never). */
    public Lifecycle withExitAfterRequests(long value) {
        return new Lifecycle(startupDelayMs, warmupMs, skipWarmup, shutdownTimeoutMs, value);
    }
}
