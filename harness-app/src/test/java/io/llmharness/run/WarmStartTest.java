package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.TestMode;
import io.llmharness.loadgen.TestSettings;
import io.llmharness.metrics.RecordBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmStartTest {

    @Test
    void warmupTestsRunTheRunsScenarioInPerformanceModeWithOtherSeeds() {
        TestSettings run = new TestSettings();
        run.scenario = Scenario.SERVER;
        run.mode = TestMode.ACCURACY_ONLY;
        run.serverTargetQps = 1000;
        run.qslRngSeed = 1;
        run.sampleIndexRngSeed = 2;
        run.scheduleRngSeed = 3;
        run.accuracyLogProbability = 0.5;
        run.minDurationMs = 600_000;

        TestSettings w = WarmupSettings.of(run, Duration.ofSeconds(2), 16);
        assertThat(w.mode).isEqualTo(TestMode.PERFORMANCE_ONLY);
        assertThat(w.scenario).isEqualTo(Scenario.SERVER);
        assertThat(w.minDurationMs).isEqualTo(2000);
        assertThat(w.minQueryCount).isEqualTo(16);
        assertThat(w.accuracyLogProbability).isZero();
        assertThat(w.qslRngSeed).isNotEqualTo(run.qslRngSeed);
        assertThat(w.sampleIndexRngSeed).isNotEqualTo(run.sampleIndexRngSeed);
        assertThat(w.scheduleRngSeed).isNotEqualTo(run.scheduleRngSeed);
        assertThat(run.mode).as("the run's settings are untouched").isEqualTo(TestMode.ACCURACY_ONLY);

        TestSettings burst = WarmupSettings.burstRound(run, 1024);
        assertThat(burst.scenario).isEqualTo(Scenario.SERVER);
        assertThat(burst.serverTargetQps).isEqualTo(2000);
        assertThat(burst.minDurationMs).isEqualTo(WarmupSettings.ROUND_TIME.toMillis());

        run.serverTargetQps = 15_000;
        assertThat(WarmupSettings.burstRound(run, 1024).serverTargetQps).isEqualTo(WarmupSettings.BURST_MAX_QPS);
        run.serverTargetQps = 30_000;
        assertThat(WarmupSettings.burstRound(run, 1024).serverTargetQps)
                .as("never below the run's rate")
                .isEqualTo(30_000);

        run.scenario = Scenario.SINGLE_STREAM;
        TestSettings closed = WarmupSettings.burstRound(run, 1024);
        assertThat(closed.scenario).isEqualTo(Scenario.OFFLINE);
        assertThat(closed.minQueryCount).isEqualTo(1024);
        assertThat(closed.minDurationMs).isZero();
    }

    @Test
    void thePoolIsSizedFromTheSecondHalfsInFlightPeak() {
        List<RequestRecord> warm = new ArrayList<>();
        // first half: a cold pile-up of 40 at once; second half: 4 at a time
        for (int i = 0; i < 40; i++) {
            warm.add(RecordBuilder.at(0).dispatched(0).done(1000).build());
        }
        for (int i = 0; i < 100; i++) {
            long t = 10_000 + (i / 4) * 100;
            warm.add(RecordBuilder.at(t).dispatched(t).done(t + 50).build());
        }
        assertThat(WarmStart.targetConnections(warm, 1024)).isEqualTo(4 * 3 / 2 + 4);
        assertThat(WarmStart.targetConnections(warm, 5)).isEqualTo(5);
        assertThat(WarmStart.targetConnections(List.of(), 1024)).isEqualTo(4);
    }
}
