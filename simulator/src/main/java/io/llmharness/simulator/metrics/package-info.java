/**
 * Engine statistics recorded lock-free as work happens, rendered on demand in vLLM's ({@code vllm:} names,
 * {@code engine} and {@code model_name} labels, {@code _total} counters, pre-initialised finished reasons) or
 * SGLang's ({@code sglang:}) Prometheus text format.
 */
package io.llmharness.simulator.metrics;
