/**
 * Workload mode's run pipeline, beside MLPerf mode's {@code run/} (whose {@code LoadGenRun} it mirrors):
 * {@link io.llmharness.run.bench.BenchExecutor} resolves the target, the model, the profile and the tokenizer,
 * {@link io.llmharness.run.bench.BenchRun} drives the stages on a {@link io.llmharness.loadgen.clock.Clock} through a
 * {@link io.llmharness.run.bench.RequestSender} (the HTTP client in production, a simulated server on a virtual clock
 * in tests), and {@link io.llmharness.run.bench.BenchOutputs} writes the run directory, also when the run was
 * interrupted.
 *
 * <p>Open-loop stages schedule each request at its planned time and latency counts from that time; closed-loop
 * stages keep N requests in flight. A request belongs to the stage that scheduled it, and a stage ends when all of
 * its requests have finished, so stages never mix.
 */
package io.llmharness.run.bench;
