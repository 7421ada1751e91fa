package io.llmharness.simulator;

/** The two timing models of the simulator, as the {@code --latency-mode} flag names them. */
public enum LatencyMode {
    /** {@link Latency.Fixed}: every sequence on its own clock, for exact timing tests. */
    FIXED,
    /** {@link Latency.Batch}: continuous batching, one engine step at a time for all running sequences. */
    BATCH
}
