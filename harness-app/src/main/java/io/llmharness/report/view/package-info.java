/**
 * What a run report shows, computed once from a run's summary, its per-request records and its server scrapes:
 * headline numbers, verdicts, latency distributions per stage, throughput and latency over time, the client's own
 * health over time, server metrics on the same time axis, per-endpoint and failure tables
 * ({@link io.llmharness.report.view.RunView}). Aggregated, never raw: a view of a million requests is a few hundred
 * points per chart, so every format drawn from it stays small. Time series are bucketed by the request's scheduled
 * time (completions and tokens by when they happened); the bucket width adapts to the run's length.
 */
package io.llmharness.report.view;
