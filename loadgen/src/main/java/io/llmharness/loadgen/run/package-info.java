/**
 * Running a test: {@link io.llmharness.loadgen.run.TestSession} follows the C++ StartTest sequence; the issue
 * loop waits per scenario and calls the SUT; the recorder takes completions from any thread into primitive
 * arrays with LoadGen's checks and error lines; FindPeakPerformance searches the Server QPS. Internal to the
 * module; use {@link io.llmharness.loadgen.LoadGen}.
 */
package io.llmharness.loadgen.run;
