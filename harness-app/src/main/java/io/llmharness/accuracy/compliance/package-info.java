/**
 * gpt-oss-120b's compliance tests: TEST07 (accuracy of the GPQA compliance set in performance mode) and TEST09 (mean
 * output length on the performance set), with their official audit settings, verifications and the files the
 * checker reads ({@code TEST07/verify_accuracy.txt}, {@code TEST09/verify_output_len.txt}, each with the run's
 * logs under {@code accuracy/} and {@code performance/run_1/}).
 */
package io.llmharness.accuracy.compliance;
