package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.health.JitPriority;
import io.llmharness.client.health.WarmUpEnd;
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

        TestSettings server = WarmupSettings.serverRound(run, 5000);
        assertThat(server.scenario).isEqualTo(Scenario.SERVER);
        assertThat(server.serverTargetQps).isEqualTo(5000);
        assertThat(server.minDurationMs).isEqualTo(WarmupSettings.ROUND_TIME.toMillis());
        assertThat(WarmupSettings.serverRound(run, 100).serverTargetQps)
                .as("never below the run's rate")
                .isEqualTo(1000);
        assertThat(WarmupSettings.serverRound(run, 90_000).serverTargetQps).isEqualTo(WarmupSettings.BURST_MAX_QPS);

        TestSettings closed = WarmupSettings.closedRound(run, 1024);
        assertThat(closed.scenario).isEqualTo(Scenario.OFFLINE);
        assertThat(closed.minQueryCount).isEqualTo(1024);
        assertThat(closed.minDurationMs).isZero();
    }

    @Test
    void thePoolIsSizedByLittlesLawOnTheSecondHalf() {
        List<RequestRecord> warm = new ArrayList<>();
        // first half: a cold pile-up taking 1 s each; second half: 10 ms each at 1,000 QPS
        for (int i = 0; i < 40; i++) {
            warm.add(RecordBuilder.at(0).dispatched(0).done(1_000_000_000L).build());
        }
        for (int i = 0; i < 100; i++) {
            long t = 2_000_000_000L + i * 1_000_000L;
            warm.add(RecordBuilder.at(t).dispatched(t).done(t + 10_000_000L).build());
        }
        // 1000/s x 0.01 s x 2 + 4
        assertThat(WarmStart.targetConnections(warm, 1024, 1000)).isEqualTo(24);
        assertThat(WarmStart.targetConnections(warm, 10, 1000)).isEqualTo(10);
        assertThat(WarmStart.targetConnections(List.of(), 1024, 1000)).isEqualTo(4);
    }

    @Test
    void aWarmUpThatRanOutOfTimeWithUnansweredRequestsIsWarned() {
        WarmStart.Report stalled =
                new WarmStart.Report(40, 37, 30_000_000_000L, "time-limit", 100, 8, 8, 0, 0, WarmUpEnd.NONE);
        assertThat(stalled.stallWarning(java.time.Duration.ofSeconds(30)))
                .hasValue("the warm-up ran to its time limit (30 s, --warmup-seconds): 3 of its 40 requests got no"
                        + " answer or failed (a stalled or failing server?); the measured test starts now");
        WarmStart.Report slowButFine =
                new WarmStart.Report(40, 40, 30_000_000_000L, "time-limit", 100, 8, 8, 0, 0, WarmUpEnd.NONE);
        assertThat(slowButFine.stallWarning(java.time.Duration.ofSeconds(30))).isEmpty();
        WarmStart.Report idle =
                new WarmStart.Report(40, 37, 3_000_000_000L, "jit-idle", 100, 8, 8, 0, 0, WarmUpEnd.NONE);
        assertThat(idle.stallWarning(java.time.Duration.ofSeconds(30))).isEmpty();
    }

    /** harness.log's line says what the warm start did to the JIT's priority, and only when it did something. */
    @Test
    void theLogLineSaysWhetherTheJitThreadsWereLowered() {
        WarmStart.Report lowered = new WarmStart.Report(
                20_500,
                20_500,
                11_200_000_000L,
                "jit-idle",
                9_100,
                33,
                28,
                5,
                3_300_000,
                new WarmUpEnd(new JitPriority.Outcome(10, 3, false, null), 140));
        assertThat(lowered.logLine())
                .isEqualTo("warm start: 20500 warm-up queries (20500 ok) in 11.2 s, burst ended by jit-idle, JIT CPU"
                        + " 9100 ms; 28 connections open (target 33 per server, 5 opened in 3.3 ms); JIT threads at"
                        + " nice 10 (3 threads); heap collected in 140 ms");
        WarmStart.Report left = new WarmStart.Report(
                0,
                0,
                0,
                "off",
                -1,
                8,
                8,
                8,
                1_000_000,
                new WarmUpEnd(new JitPriority.Outcome(10, 0, false, "no warm-up"), -1));
        assertThat(left.logLine()).endsWith("(target 8 per server, 8 opened in 1.0 ms)");
        assertThat(left.end().jit().json()).isNull();
    }
}
