/**
 * MLPerf Inference LoadGen 6.0 behaviour in Java, with no runtime dependencies.
 *
 * <p>The public API mirrors the C++ LoadGen: a {@link io.llmharness.loadgen.SystemUnderTest} and a
 * {@link io.llmharness.loadgen.QuerySampleLibrary} are driven by {@code LoadGen.startTest}; the SUT answers
 * through a {@link io.llmharness.loadgen.ResponseSink}.
 */
package io.llmharness.loadgen;
