/**
 * The TEST06 compliance test of the LLM benchmarks: the official audit settings and the verification of the logged
 * responses (first token, trailing EOS, sample length), written as {@code TEST06/verify_accuracy.txt}.
 */
package io.llmharness.accuracy.test06;
