/**
 * A self-test kit for LoadGen that needs no server: {@link io.llmharness.loadgen.selftest.FixedLatencySut}
 * completes samples with fixed timing, {@link io.llmharness.loadgen.selftest.FixedQsl} records its load calls,
 * and the side files ({@code issued_samples.tsv}, {@code qsl_load_calls.txt}, {@code schedule_delay.tsv}) make a
 * run checkable line by line against the C++ LoadGen driven by an equivalent SUT. {@code harness loadgen} runs
 * it; the SUT reads LoadGen's scheduled and issue times from the {@link io.llmharness.loadgen.IssuedQuery} it is
 * handed, so it needs no hook into LoadGen.
 */
package io.llmharness.loadgen.selftest;
