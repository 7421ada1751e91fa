/**
 * MLPerf accuracy scoring without Python: the accuracy log ({@link io.llmharness.accuracy.AccuracyLogReader}), the
 * evaluator contract ({@link io.llmharness.accuracy.Evaluator} over an {@link io.llmharness.accuracy.EvalContext}),
 * the printed result ({@link io.llmharness.accuracy.AccuracyResult}, {@link io.llmharness.accuracy.PyDict}) and the
 * submission checker's targets ({@link io.llmharness.accuracy.AccuracyTargets}, {@link
 * io.llmharness.accuracy.Verdict}).
 *
 * <p>Sub-packages, bottom up: {@code text} (Python/numpy semantics), {@code rouge}, {@code punkt}, {@code answer},
 * {@code decode}, {@code exec} (metrics and their helpers); {@code bench} (one evaluator per benchmark family);
 * {@code scoring} (the orchestration); {@code test06} (the TEST06 compliance verifier); {@code compliance}
 * (gpt-oss-120b's TEST07 and TEST09, TEST07 scored through {@code scoring}). Arrows point from later to earlier; this
 * package sits between the metric helpers and {@code bench}.
 */
package io.llmharness.accuracy;
