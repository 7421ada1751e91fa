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

    /** A Server burst round's rate is at most this (or the run's rate, when higher), queries/s. */
    static final double BURST_MAX_QPS = 20_000;

    /** Length of a Server burst round. */
    static final Duration ROUND_TIME = Duration.ofMillis(1500);

    /**
     * Settings of a closed-loop burst round: {@code samples} samples issued at once (LoadGen's Offline scenario,
     * whatever the run's scenario), so the client runs as fast as its warm-up concurrency lets it. The client's
     * per-request code and LoadGen's completion path are the same in every scenario.
     */
    static TestSettings closedRound(TestSettings run, long samples) {
        TestSettings s = of(run, Duration.ZERO, samples);
        s.scenario = Scenario.OFFLINE;
        s.offlineExpectedQps = 1;
        return s;
    }

    /**
     * Settings of a Server burst round ({@link #ROUND_TIME}) at {@code qps} (at least the run's rate, at most
     * {@link #BURST_MAX_QPS} unless the run's is higher): the Server issue path and LoadGen's first-token path run
     * at the rate the client has just shown it can follow.
     */
    static TestSettings serverRound(TestSettings run, double qps) {
        TestSettings s = of(run, ROUND_TIME, 1);
        s.serverTargetQps = Math.max(run.serverTargetQps, Math.min(BURST_MAX_QPS, qps));
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
