/**
 * One MLPerf run over HTTP, and the demo: the orchestration behind {@code harness run} and {@code harness demo}.
 *
 * <p>The flow is plan → execute → report. {@link io.llmharness.run.RunPlanner} turns a
 * {@link io.llmharness.run.RunRequest} (the flags as given) into an immutable, validated
 * {@link io.llmharness.run.RunSpec}: benchmark and generation parameters, LoadGen settings (defaults → scenario →
 * user.conf with the embedded mlperf.conf → mode → CLI), the target (external URLs, the embedded simulator, or
 * servers the server manager starts), how samples become requests, the loaded dataset with every prompt built —
 * all before any socket opens. {@link io.llmharness.run.RunExecutor} then checks or starts the servers, warms the
 * client up, runs LoadGen with the client's {@code HttpSut} (records measured from LoadGen's scheduled times), and
 * writes the run directory whatever happened; expected endings (INVALID, aborted, interrupted) are values of
 * {@link io.llmharness.run.RunResult}. {@link io.llmharness.run.ResultLines} formats the key lines.
 *
 * <p>{@link io.llmharness.run.LoadGenSelfTest} is the other run, behind {@code harness loadgen}: LoadGen alone
 * against the self-test kit's fixed-latency SUT ({@code io.llmharness.loadgen.selftest}), no server or client.
 *
 * <p>Only the command line uses this package; it uses every concern below it (client, dataset, benchmark, backend,
 * metrics, report, loadgen, simulator).
 */
package io.llmharness.run;
