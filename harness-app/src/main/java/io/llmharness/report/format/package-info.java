/**
 * Report formats over one {@link io.llmharness.report.view.RunView} (JMH's {@code results/format}): one
 * {@link io.llmharness.report.format.ReportFormat} per file format — report.html, the PNG charts — and
 * {@link io.llmharness.report.format.TextReport} for the terminal. {@link io.llmharness.report.format.RunReports}
 * writes them all at the end of a run and rebuilds them from a run directory ({@code harness report}).
 *
 * <p>The PNGs are drawn by XChart rather than JFreeChart: XChart is one 425 kB jar with no required dependency
 * (JFreeChart plus JCommon is about four times that), is Apache-licensed (JFreeChart is LGPL), renders headless
 * with a plain {@code BitmapEncoder} call, and its XY charts cover everything the report draws (lines, steps,
 * filled histograms, vertical annotation lines).
 */
package io.llmharness.report.format;
