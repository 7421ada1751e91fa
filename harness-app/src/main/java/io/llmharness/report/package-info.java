/**
 * Report formats over one result model: summary.json ({@link io.llmharness.report.SummaryJson} over a
 * {@link io.llmharness.report.RunSummary}), the per-request tables requests.csv and requests.parquet, and the
 * pooled chunk-gap histograms; {@link io.llmharness.report.RunOutputs} writes them into a run directory and
 * regenerates summary.json from what was recorded.
 *
 * <p>Record, then report: the per-request files hold every recorded milestone, so the metric summary can be
 * recomputed from the directory alone (the caller-provided sections are carried over from the previous
 * summary.json). Parquet is written and read through DuckDB (an in-memory database per call); nothing here runs
 * on the data plane.
 */
package io.llmharness.report;
