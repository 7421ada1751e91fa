/**
 * {@code harness compare}: runs side by side. A {@link io.llmharness.report.compare.Comparison} holds the headline
 * metrics of every run (read from each summary.json, so the numbers are the runs' own) with deltas against the
 * first run, and one overlaid chart per metric (latency CDFs, throughput over time) from the recorded requests; it
 * is printed as a table and written as an HTML page.
 */
package io.llmharness.report.compare;
