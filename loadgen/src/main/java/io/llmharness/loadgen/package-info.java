/**
 * MLPerf Inference LoadGen 6.0 behaviour in Java, with no runtime dependencies.
 *
 * <p>A {@link io.llmharness.loadgen.SystemUnderTest} and a {@link io.llmharness.loadgen.QuerySampleLibrary} are
 * driven by {@link io.llmharness.loadgen.LoadGen#startTest}, configured by
 * {@link io.llmharness.loadgen.TestSettings} (fields, names, config files) and
 * {@link io.llmharness.loadgen.LogSettings}; the SUT answers through the LoadGen's
 * {@link io.llmharness.loadgen.ResponseSink} methods. The result is an immutable
 * {@link io.llmharness.loadgen.TestResult}; the MLPerf log files are written as the official LoadGen writes
 * them. Sample order, schedule, statistics and log formats follow the C++ LoadGen 6.0.17 exactly.
 */
package io.llmharness.loadgen;
