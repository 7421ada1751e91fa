/**
 * The pieces of {@code harness loadgen}: a fixed-latency SUT that needs no server, a QSL that records its load
 * calls, and the side files ({@code issued_samples.tsv}, {@code qsl_load_calls.txt},
 * {@code schedule_delay.tsv}) that make a LoadGen run checkable against the C++ LoadGen.
 */
package io.llmharness.cli.loadgen;
