/**
 * The client engine: what the MLPerf SUT and the workload runner use to send requests.
 *
 * <p>{@link io.llmharness.client.engine.LlmClient} owns the servers (one keep-alive pool each), a load balancer,
 * an in-flight cap, a set of event-loop contexts, the request records and the failure tracker.
 * {@link io.llmharness.client.engine.LlmClient#submit} is thread-safe and returns at once: the request waits in a
 * lock-free queue while the cap is reached (its {@code dispatched} time shows the wait), then runs on one event
 * loop, where its body is written, sent, and its response decoded into per-prompt outputs
 * ({@link io.llmharness.client.engine.RequestRun}). The caller hears back through a
 * {@link io.llmharness.client.engine.RequestObserver}: first output of each prompt (streams only), then exactly
 * one {@link io.llmharness.client.engine.RequestResult}, also for failures, cancellations and timeouts.
 *
 * <p>Data plane (event loops: dispatch, parse, record) and control plane (start, snapshots, close) are apart:
 * nothing on the data plane locks or blocks.
 */
package io.llmharness.client.engine;
