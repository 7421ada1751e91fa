/**
 * One chart model for every drawing of it: a {@link io.llmharness.report.chart.ChartSpec} (series, markers, axis
 * labels) is drawn as inline SVG in report.html and as a PNG by XChart, so the page and the slides show the same
 * numbers. Nothing here computes metrics or draws pixels.
 */
package io.llmharness.report.chart;
