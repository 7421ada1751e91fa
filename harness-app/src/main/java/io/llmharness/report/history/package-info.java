/**
 * Run history: every finished run appended to a local DuckDB file (one row per run directory, headline numbers as
 * columns and the whole summary.json as text), listed by {@code harness history} and queryable with any DuckDB
 * client. {@link io.llmharness.report.history.HistoryLocation} decides where the file is: the
 * {@code --history} flag, the {@code harness.history} system property, the {@code HARNESS_HISTORY} environment
 * variable, else {@code ~/.llm-harness/history.duckdb}; tests set the variable so they never write to a real home.
 */
package io.llmharness.report.history;
