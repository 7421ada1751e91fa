package io.llmharness.metrics;

/**
 * Rates over the measured window ({@link MeasuredWindow#durationNs()}), counting successful measured requests.
 * A rate is NaN when the window is empty, and {@code goodput} is NaN when no SLO was given.
 *
 * @param requestsPerSecond successful requests per second
 * @param outputTokensPerSecond output tokens of successful requests per second
 * @param inputTokensPerSecond known input tokens of successful requests per second
 * @param goodput successful requests that met every SLO, per second
 */
public record Throughput(
        double requestsPerSecond, double outputTokensPerSecond, double inputTokensPerSecond, double goodput) {}
