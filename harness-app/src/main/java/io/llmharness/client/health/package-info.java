/**
 * How the client itself fared while it measured: {@link io.llmharness.client.health.ClientSampler} runs beside an
 * {@link io.llmharness.client.engine.LlmClient} for a measured window (a LoadGen test, a workload stage) and
 * returns {@link io.llmharness.client.health.ClientSamples}: event-loop lag, GC pauses, CPU use, JIT time and
 * connection counters. {@code metrics.ClientHealth} turns them, with the window's records, into a verdict.
 *
 * <p>Control plane only: the sampler's own thread wakes every few milliseconds and posts one tiny probe to each
 * event loop; the loops record the probe's lag in a wait-free histogram and do nothing else for it.
 */
package io.llmharness.client.health;
