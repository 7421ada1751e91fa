package io.llmharness.metrics;

/**
 * How a stage was loaded: what was asked and what was achieved.
 *
 * @param requestedRate the stage's rate, requests per second; NaN for a closed-loop stage
 * @param concurrency the stage's concurrency level; 0 for an open-loop stage
 * @param achievedRate (issued − 1) / (last issue − first issue), requests per second; NaN with fewer than two
 * @param sendDurationNs last issue − first issue
 */
public record StageLoad(double requestedRate, int concurrency, double achievedRate, long sendDurationNs) {}
