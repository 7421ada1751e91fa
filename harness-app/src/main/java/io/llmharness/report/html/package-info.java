/**
 * report.html: one self-contained page (inline CSS, inline SVG charts drawn here, a few lines of script for
 * tooltips; no network, no external file) that opens from a laptop's disk. {@link io.llmharness.report.html.SvgChart}
 * draws a {@link io.llmharness.report.chart.ChartSpec}; {@link io.llmharness.report.html.HtmlPage} holds the page
 * skeleton shared by the run report and the comparison page.
 */
package io.llmharness.report.html;
