/**
 * Traces of real traffic (Mooncake JSONL, Azure LLM inference CSV, BurstGPT CSV, the per-request records of our own
 * runs) read into one model, {@link io.llmharness.workload.trace.Trace}: each row a {@link
 * io.llmharness.workload.trace.TraceRequest} with its recorded offset, lengths, KV-block hash ids and session.
 * {@link io.llmharness.workload.trace.TraceReaders} reads every format (one error line with file and line number per
 * bad row), {@link io.llmharness.workload.trace.TraceStatistics} is what {@code harness trace analyze} reports, and
 * {@link io.llmharness.workload.trace.MooncakeWriter} with {@link io.llmharness.workload.trace.BlockHashes} writes the
 * traces {@code harness trace synth} makes. Workload mode replays a trace on its recorded schedule. Pure: no clock,
 * no network.
 */
package io.llmharness.workload.trace;
