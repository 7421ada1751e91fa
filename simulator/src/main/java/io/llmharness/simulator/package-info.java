/**
 * An embedded HTTP server that speaks vLLM's and SGLang's APIs, with a continuous-batching latency model.
 *
 * <p>Public API: {@link io.llmharness.simulator.SimulatorOptions} (what to simulate) and
 * {@link io.llmharness.simulator.SimulatorServer} (start, port, baseUrl, close). The options are a record of small
 * immutable groups, one per concern ({@code Identity}, {@code Http}, {@code Capacity}, {@code Parallelism},
 * {@code Latency} — fixed or batch —, {@code Streaming}, {@code Compatibility}, {@code Admission}, {@code Lifecycle},
 * {@code Faults}, {@code Profiling}, {@code Recording}); each group holds its defaults once and checks its values in
 * its constructor, naming the {@code harness sim} flag of a bad value. Everything else is internal:
 *
 * <ul>
 *   <li>{@code http} – Vert.x frontends, routing, persona response formats written straight to bytes, sessions that
 *       carry a request from the engine thread to its event loop, fault application, SSE writing;
 *   <li>{@code request} – body parsing and validation with the backends' defaults and error messages;
 *   <li>{@code engine} – the engines: FIFO queue, running slots, KV cache with prefix caching and preemption, one
 *       timer per engine (FIXED or BATCH timing), pure Java and testable on a virtual clock;
 *   <li>{@code tokens}, {@code output} – the deterministic tokenizer and the token sources;
 *   <li>{@code metrics}, {@code timing}, {@code fault}, {@code process} – Prometheus exposition, ground-truth
 *       timelines, fault decisions, worker processes.
 * </ul>
 *
 * <p>Threading: HTTP event loops parse and format; all engine state lives on the first event loop; nothing blocks
 * an event loop. See {@code docs/simulator.md}.
 */
package io.llmharness.simulator;
