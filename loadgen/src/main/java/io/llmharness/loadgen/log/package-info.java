/**
 * The MLPerf log files, as formats over one result model: {@code mlperf_log_detail.txt} (MLLOG JSON lines in
 * C++ key order), {@code mlperf_log_summary.txt}, {@code mlperf_log_accuracy.json} and
 * {@code mlperf_log_trace.json}. Numbers are printed like glibc ({@link io.llmharness.loadgen.log.CFormat}).
 */
package io.llmharness.loadgen.log;
