package io.llmharness.report.view;

import io.llmharness.report.chart.ChartSpec;

/**
 * One latency metric of a report: its histogram and CDF per stage with p50/p90/p99 marked, and its percentiles.
 *
 * @param key the metric's report name, e.g. {@code ttft}
 * @param label its title, e.g. {@code Time to first token}
 * @param histogram share of requests per bin, one series per stage
 * @param cdf cumulative share, one series per stage
 * @param percentiles per stage: count, mean, p50 … max in ms
 */
public record LatencyPanel(String key, String label, ChartSpec histogram, ChartSpec cdf, ReportTable percentiles) {}
