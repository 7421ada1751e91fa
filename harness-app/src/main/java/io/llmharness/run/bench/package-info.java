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
 *
 * <p>Sharded runs ({@link io.llmharness.run.bench.Shard}) each write a run directory of their own, with their clock
 * offset against the server ({@link io.llmharness.run.bench.ClockOffset}); {@link io.llmharness.run.bench.ShardMerge}
 * ({@code harness merge}) turns the shards' directories back into the one directory a single run would have written.
 */
package io.llmharness.run.bench;
