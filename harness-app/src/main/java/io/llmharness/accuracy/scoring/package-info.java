/**
 * Scoring a run's accuracy log: the orchestration behind {@code harness accuracy} and the automatic scoring at the
 * end of an accuracy-mode run (read the run's record, decode, evaluate, write accuracy.txt, check the targets).
 */
package io.llmharness.accuracy.scoring;
