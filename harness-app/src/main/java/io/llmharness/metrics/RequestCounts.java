package io.llmharness.metrics;

/**
 * How many requests a summary covers.
 *
 * @param recorded every request in the snapshot
 * @param issued requests in the measured window (the denominator of {@code failure_rate})
 * @param succeeded measured requests that succeeded (the population of the server latency metrics)
 * @param failed measured requests that failed
 * @param streamed successful measured requests that were streamed (the population of token timing)
 */
public record RequestCounts(long recorded, long issued, long succeeded, long failed, long streamed) {}
