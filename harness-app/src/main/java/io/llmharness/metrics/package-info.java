/**
 * Metrics: the canonical metric definitions ({@link io.llmharness.metrics.LatencyMetric},
 * {@link io.llmharness.metrics.RequestMetrics}) and the immutable {@link io.llmharness.metrics.MetricSummary}
 * computed from a {@link io.llmharness.client.record.RecordSnapshot}.
 *
 * <p>Record, then report: the client records per-request milestones on the data plane; this package turns a frozen
 * snapshot into statistics afterwards, with no I/O, so the same summary can be recomputed from the per-request
 * files of a run directory. Distributions come from HdrHistograms with 3 significant digits over nanosecond
 * values; units are converted only by the report formats. Failed requests are counted by outcome kind and never
 * enter server latency statistics.
 */
package io.llmharness.metrics;
