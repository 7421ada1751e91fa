/**
 * Dry runs of the accuracy flow without a model: synthetic datasets of a benchmark's shape whose reference outputs
 * reproduce the reference {@code gen_len} / {@code tokens_per_sample}, and the simulator's fixed answers built from a
 * dataset's reference outputs.
 */
package io.llmharness.accuracy.synth;
