/**
 * {@code harness submission pack}: turns harness run directories into the tree the MLCommons submission checker
 * reads ({@code closed/<org>/results/<system>/<benchmark>/<scenario>/…}, {@code systems/}, {@code src/}), hashes
 * and truncates accuracy logs as the official truncation tool does, and pre-checks each result (durations, sample
 * counts, the round's seeds, token-latency limits, LoadGen error lines, accuracy targets, TEST06) before the
 * official checker is run. Reads run directories only; never runs anything.
 */
package io.llmharness.submission;
