/**
 * Traces of real traffic (Mooncake JSONL, Azure LLM inference CSV, BurstGPT CSV, the per-request records of our own
 * runs) read into one model, {@link io.llmharness.workload.trace.Trace}: each row a {@link
 * io.llmharness.workload.trace.TraceRequest} with its recorded offset, lengths, KV-block hash ids and session.
 * Workload mode replays a trace on its recorded schedule; {@code harness trace analyze} and {@code harness trace synth}
 * read and write it. Pure: no clock, no network.
 */
package io.llmharness.workload.trace;
