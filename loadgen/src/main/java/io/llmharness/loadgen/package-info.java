/**
 * MLPerf Inference LoadGen 6.0 behaviour in Java, with no runtime dependencies.
 *
 * <p>A {@link io.llmharness.loadgen.SystemUnderTest} and a {@link io.llmharness.loadgen.QuerySampleLibrary} are
 * driven by {@link io.llmharness.loadgen.LoadGen#startTest}, configured by
 * {@link io.llmharness.loadgen.TestSettings} (fields, names) with config files applied through
 * {@link io.llmharness.loadgen.ConfigFiles}, and by {@link io.llmharness.loadgen.LogSettings}. Each
 * {@code issueQuery} call hands the SUT an {@link io.llmharness.loadgen.IssuedQuery}: the samples and the time
 * each one's query was scheduled for, so latency is measured from the scheduled time on both sides. The SUT
 * answers through the LoadGen's {@link io.llmharness.loadgen.ResponseSink} methods. The result is an immutable
 * {@link io.llmharness.loadgen.TestResult}; the MLPerf log files are written as the official LoadGen writes them.
 * Sample order, schedule, statistics and log formats follow the C++ LoadGen 6.0.17 exactly.
 *
 * <p>Nothing is process-wide: config state lives in a {@link io.llmharness.loadgen.config.ConfigContext} and a
 * test in its {@code LoadGen} instance, so several tests run in one JVM, also at the same time.
 */
package io.llmharness.loadgen;
