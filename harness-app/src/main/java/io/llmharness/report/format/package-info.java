/**
 * Workload-mode report formats: one {@link io.llmharness.report.format.ReportFormat} interface, one implementation
 * per format, all rendering the same result model ({@link io.llmharness.report.format.BenchReport}): our own
 * {@code summary.json}, inference-perf's lifecycle files, one llm-d Benchmark Report v0.2 per stage and a
 * {@code vllm bench serve}-style result JSON per stage. Formats only convert units and rename; every number is
 * computed once in {@link io.llmharness.metrics.StageTable}.
 */
package io.llmharness.report.format;
