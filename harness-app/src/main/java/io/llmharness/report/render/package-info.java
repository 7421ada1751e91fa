/**
 * The human-readable report of a run, drawn from one {@link io.llmharness.report.view.RunView}: one
 * {@link io.llmharness.report.render.ViewFormat} per file format — report.html, the PNG charts — and
 * {@link io.llmharness.report.render.TextReport} for the terminal. {@link io.llmharness.report.render.RunReports}
 * writes them all at the end of a run and rebuilds them from a run directory ({@code harness report}). (The
 * machine-readable formats of workload runs live in {@code report.format}.)
 *
 * <p>The PNGs are drawn by XChart rather than JFreeChart: XChart is one 425 kB jar with no required dependency
 * (JFreeChart plus JCommon is about four times that), is Apache-licensed (JFreeChart is LGPL), renders headless
 * with a plain {@code BitmapEncoder} call, and its XY charts cover everything the report draws (lines, steps,
 * filled histograms, vertical annotation lines).
 */
package io.llmharness.report.render;
