package io.llmharness.run;

import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import java.time.Duration;

/**
 * The LoadGen settings of the warm-up tests: the run's own scenario, sample shapes and token reporting, so the
 * warm-up drives exactly the code the measured test will (LoadGen's issue loop, {@code HttpSut}, the client,
 * LoadGen's completion path), but in performance mode, with no accuracy logging, its own seeds (a different sample
 * order, so the measured run does not start on prompts a server has just cached) and a length of
 * {@code maxTime} / at least {@code minQueries} queries. The warm-up usually ends them earlier.
 */
final class WarmupSettings {

    /** Added to every seed of the run, so the warm-up draws other samples in another order. */
    static final long SEED_OFFSET = 0x5DEECE66DL;

    private WarmupSettings() {}

    /** A Server burst round's rate: this many times the run's. */
    static final double BURST_FACTOR = 2;

    /** A Server burst round's rate is at most this (or the run's rate, when higher), queries/s. */
    static final double BURST_MAX_QPS = 20_000;

    /** Length of a Server burst round. */
    static final Duration ROUND_TIME = Duration.ofMillis(1500);

    /**
     * Settings of one burst round. A Server (or Interactive) run gets a Server round of {@link #ROUND_TIME} at
     * {@link #BURST_FACTOR} × its rate (at most {@link #BURST_MAX_QPS}), so the Server issue path and LoadGen's
     * first-token path run too; what a cold client cannot follow queues in the client and drains at its warm-up
     * concurrency before the round ends, so the backlog never outgrows one round. Any other scenario gets
     * {@code samples} samples at once (LoadGen's Offline scenario): the client runs closed loop.
     */
    static TestSettings burstRound(TestSettings run, long samples) {
        if (run.scenario == Scenario.SERVER) {
            TestSettings s = of(run, ROUND_TIME, 1);
            s.serverTargetQps =
                    Math.max(run.serverTargetQps, Math.min(BURST_MAX_QPS, run.serverTargetQps * BURST_FACTOR));
            return s;
        }
        TestSettings s = of(run, Duration.ZERO, samples);
        s.scenario = Scenario.OFFLINE;
        s.offlineExpectedQps = 1;
        return s;
    }

    static TestSettings of(TestSettings run, Duration maxTime, long minQueries) {
        TestSettings s = run.copy();
        s.mode = TestMode.PERFORMANCE_ONLY;
        s.minDurationMs = maxTime.toMillis();
        s.maxDurationMs = 0;
        s.minQueryCount = Math.max(1, minQueries);
        s.maxQueryCount = 0;
        s.qslRngSeed = run.qslRngSeed + SEED_OFFSET;
        s.sampleIndexRngSeed = run.sampleIndexRngSeed + SEED_OFFSET;
        s.scheduleRngSeed = run.scheduleRngSeed + SEED_OFFSET;
        s.accuracyLogProbability = 0;
        s.accuracyLogSamplingTarget = 0;
        s.test05 = false;
        s.printTimestamps = false;
        s.clearConfigDiagnostics(); // the measured test logs them
        return s;
    }
}
