/**
 * The {@code nop} harness of llm-d-benchmark: no load, only the vLLM server log, parsed into start-up phases
 * (categories), model-load, compile, memory-profiling and sleep/wake figures, and written as the native {@code
 * result.yaml} and a Benchmark Report v0.1. {@link io.llmharness.workload.nop.NopHarness#run} is the one entry
 * point; {@link io.llmharness.workload.nop.VllmLog} and the parsers are pure, the writers are a separate layer over
 * {@link io.llmharness.workload.nop.NopResult}.
 */
package io.llmharness.workload.nop;
