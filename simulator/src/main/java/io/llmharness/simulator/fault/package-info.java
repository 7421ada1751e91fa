/**
 * Fault injection: the {@code X-Sim-Fault} directive syntax, llm-d style injected errors, and the per-request
 * decision combining request headers with the server's fault options (deterministic dice).
 */
package io.llmharness.simulator.fault;
