package io.llmharness.run;

import io.llmharness.client.sut.SutStats;
import io.llmharness.loadgen.TestResult;
import io.llmharness.metrics.ClientHealth;
import io.llmharness.metrics.FailureVerdict;
import io.llmharness.metrics.MetricSummary;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What one run produced. Expected outcomes — INVALID, a server that died, an interrupted run — are values here;
 * only failures before LoadGen started are exceptions.
 *
 * @param spec the run
 * @param runDir where its files are
 * @param loadgen LoadGen's result
 * @param metrics the client-side metric summary (as in summary.json)
 * @param sut sample counters of the SUT
 * @param requestModel the {@code model} field the requests carried
 * @param failure one line when the run was aborted (server died, requests kept failing), else null
 * @param interrupted the run was interrupted (Ctrl-C)
 * @param elapsed wall time of the LoadGen test
 * @param health whether the client kept up during the test (null before the files are written)
 * @param profileProblem why a profiled run produced no trace (see {@link ServerSession#profileProblem()}), or null
 * @param failures the harness's verdict on failed samples (null before the files are written)
 * @param filesProblem one line when a file of the run could not be written ({@code cannot write FILE: No space left
 *     on device (12 KB free on its disk)}), else null; the result stands, the run exits 1
 */
public record RunResult(
        RunSpec spec,
        Path runDir,
        TestResult loadgen,
        MetricSummary metrics,
        SutStats sut,
        String requestModel,
        String failure,
        boolean interrupted,
        Duration elapsed,
        ClientHealth health,
        String profileProblem,
        FailureVerdict failures,
        String filesProblem) {

    /** How the run ended. */
    public enum Outcome {
        /** A performance run whose result is VALID. */
        VALID,
        /** An accuracy run that logged every sample. */
        ACCURACY_DONE,
        /** A performance run whose result is INVALID. */
        INVALID,
        /**
         * The run finished, but more samples failed than {@code --max-failure-rate} allows (by default: any);
         * LoadGen's own verdict (VALID, INVALID, accuracy done) stands beside it, unchanged.
         */
        FAILED_SAMPLES,
        /** Aborted: a server died or kept failing; {@link #failure()} says why. */
        FAILED,
        /** Interrupted by the user. */
        INTERRUPTED
    }

    /** The outcome, in the order interrupted, failed (aborted), failed samples, then LoadGen's verdict. */
    public Outcome outcome() {
        if (interrupted) {
            return Outcome.INTERRUPTED;
        }
        if (failure != null) {
            return Outcome.FAILED;
        }
        if (failures != null && failures.failedRun()) {
            return Outcome.FAILED_SAMPLES;
        }
        return loadgenOutcome();
    }

    /** LoadGen's own verdict as an outcome: VALID, INVALID or ACCURACY_DONE. */
    public Outcome loadgenOutcome() {
        return switch (loadgen.verdict()) {
            case VALID -> Outcome.VALID;
            case INVALID -> Outcome.INVALID;
            case NOT_APPLICABLE -> Outcome.ACCURACY_DONE;
        };
    }
}
