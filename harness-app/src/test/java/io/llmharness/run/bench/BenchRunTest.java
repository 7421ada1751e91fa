package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.client.Prompt;
import io.llmharness.loadgen.clock.VirtualClock;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.StaticRequest;
import io.llmharness.workload.data.WorkloadRequest;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.SweepSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The scheduler on a virtual clock: hours of load in milliseconds, exact times. */
class BenchRunTest {

    private static final long MS = 1_000_000L;

    private final VirtualClock clock = new VirtualClock();

    private static final PromptFeed PROMPTS = new PromptFeed() {
        @Override
        public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
            return new StaticRequest(indexInStage, new Prompt.Text("p" + indexInStage), 10, 20);
        }

        @Override
        public String describe() {
            return "test prompts";
        }
    };

    private List<StageRun> run(SimulatedSender sender, double interval, Stage... stages) {
        LoadSpec load = new LoadSpec(List.of(stages), null, interval, 0, 42);
        return new BenchRun(clock, sender, PROMPTS, load, true, 0, null).run();
    }

    private static long[] scheduled(StageRun r) {
        return r.records().stream()
                .mapToLong(b -> b.record().scheduledNs())
                .sorted()
                .toArray();
    }

    /** Achieved rate of an open-loop stage: (n − 1) requests over the span from first to last scheduled start. */
    private static double achievedRate(StageRun r) {
        long[] t = scheduled(r);
        return (t.length - 1) / ((t[t.length - 1] - t[0]) / 1e9);
    }

    @Test
    void aConstantStageIssuesEveryRequestOnTimeAtTheRequestedRate() {
        SimulatedSender server = new SimulatedSender(clock, 50 * MS, 10 * MS);
        StageRun r = run(server, 0, Stage.Rate.of(10, 600, Arrival.CONSTANT)).get(0);
        assertThat(r.records()).hasSize(6000);
        long[] t = scheduled(r);
        for (int i = 0; i < t.length; i++) {
            assertThat(t[i] - r.startNs()).isEqualTo(100 * MS * i);
        }
        assertThat(r.records())
                .allMatch(b -> b.record().issuedNs() == b.record().scheduledNs());
        assertThat(achievedRate(r)).isCloseTo(10.0, within(1e-9));
        // 50 ms + 19 x 10 ms = 240 ms per request at 10 req/s: 3 in flight at most
        assertThat(server.maxInFlight).isEqualTo(3);
        assertThat(r.endNs() - r.startNs()).isEqualTo(100 * MS * 5999 + 240 * MS);
    }

    @Test
    void aPoissonStageAchievesTheRequestedRateWithinTwoPercent() {
        SimulatedSender server = new SimulatedSender(clock, 20 * MS, 5 * MS);
        StageRun r = run(server, 0, Stage.Rate.of(50, 200, Arrival.POISSON)).get(0);
        assertThat(r.records()).hasSize(10_000);
        // the plan scales its n gaps to the stage: the first n - 1 of them span (n - 1)/n of it, give or take one gap
        assertThat(achievedRate(r)).isCloseTo(50.0, within(1.0));
        long[] t = scheduled(r);
        assertThat(t[t.length - 1] - r.startNs()).isLessThan(200_000 * MS);
    }

    @Test
    void stagesDoNotMixAndTheIntervalSeparatesThem() {
        SimulatedSender server = new SimulatedSender(clock, 400 * MS, 0);
        List<StageRun> runs = run(
                server,
                2.0,
                Stage.Rate.of(5, 10, Arrival.CONSTANT),
                new Stage.Concurrency(3, 30, 0),
                Stage.Rate.of(20, 5, Arrival.POISSON));
        assertThat(runs).extracting(StageRun::index).containsExactly(0, 1, 2);
        assertThat(runs).extracting(r -> r.records().size()).containsExactly(50, 30, 100);
        for (int i = 0; i < runs.size(); i++) {
            StageRun r = runs.get(i);
            for (BenchRecord b : r.records()) {
                assertThat(b.stage()).isEqualTo(i);
                assertThat(b.record().scheduledNs()).isBetween(r.startNs(), r.endNs());
                assertThat(b.record().doneNs()).isLessThanOrEqualTo(r.endNs());
            }
            if (i > 0) {
                assertThat(r.startNs() - runs.get(i - 1).endNs()).isEqualTo(2_000 * MS);
            }
        }
        assertThat(runs.stream().flatMap(r -> r.records().stream()).map(b -> b.runIndex()))
                .doesNotHaveDuplicates()
                .hasSize(180);
    }

    @Test
    void aConcurrencyStageKeepsExactlyItsLevelInFlight() {
        SimulatedSender server = new SimulatedSender(clock, 30 * MS, 10 * MS);
        StageRun r = run(server, 0, new Stage.Concurrency(4, 100, 0)).get(0);
        assertThat(r.records()).hasSize(100);
        assertThat(server.maxInFlight).isEqualTo(4);
        // 100 requests of 220 ms, 4 at a time: 25 rounds
        assertThat(r.endNs() - r.startNs()).isEqualTo(25 * 220 * MS);
    }

    @Test
    void aDurationBoundedConcurrencyStageStopsStartingRequestsAtItsDeadline() {
        SimulatedSender server = new SimulatedSender(clock, 100 * MS, 0);
        StageRun r = run(server, 0, new Stage.Concurrency(2, 0, 1.0)).get(0);
        // a new pair every 100 ms for 1 s
        assertThat(r.records()).hasSize(20);
        assertThat(r.records()).allMatch(b -> b.record().scheduledNs() - r.startNs() < 1_000 * MS);
    }

    @Test
    void stoppingMidStageEndsItWithWhatWasMeasured() {
        SimulatedSender server = new SimulatedSender(clock, 500 * MS, 0);
        LoadSpec load = new LoadSpec(
                List.of(Stage.Rate.of(10, 60, Arrival.CONSTANT), Stage.Rate.of(10, 60, Arrival.CONSTANT)),
                null,
                0,
                0,
                1);
        BenchRun[] ref = new BenchRun[1];
        BenchRun run = new BenchRun(clock, server, PROMPTS, load, true, 0, null);
        ref[0] = run;
        clock.schedule(10_050 * MS, () -> {
            ref[0].stop("interrupted");
            server.shutdown("interrupted");
        });
        List<StageRun> runs = run.run();
        assertThat(runs).hasSize(1);
        StageRun r = runs.get(0);
        assertThat(r.interrupted()).isTrue();
        assertThat(r.records()).hasSize(101);
        assertThat(r.records().stream().filter(b -> b.record().ok()).count()).isEqualTo(96);
        assertThat(run.stopReason()).isEqualTo("interrupted");
    }

    @Test
    void aGuidellmSweepRunsSynchronousThroughputThenRatesInBetween() {
        SimulatedSender server = new SimulatedSender(clock, 100 * MS, 0);
        List<String> notes = new ArrayList<>();
        LoadSpec load = new LoadSpec(
                List.of(new Stage.Sweep(new SweepSpec.Guidellm(4, 10, 0, 8, Arrival.CONSTANT))), null, 0, 0, 1);
        List<StageRun> runs = new BenchRun(clock, server, PROMPTS, load, true, 0, new BenchRun.Listener() {
                    @Override
                    public void note(String line) {
                        notes.add(line);
                    }
                })
                .run();
        assertThat(runs).hasSize(4);
        assertThat(runs.get(0).stage()).isEqualTo(new Stage.Concurrency(1, 0, 10));
        assertThat(runs.get(1).stage()).isEqualTo(new Stage.Concurrency(8, 0, 10));
        // synchronous: 10 req/s; throughput: 8 in flight, 80 req/s; then 2 rates evenly between
        double r2 = ((Stage.Rate) runs.get(2).stage()).rate();
        double r3 = ((Stage.Rate) runs.get(3).stage()).rate();
        assertThat(r2).isCloseTo(10 + 70.0 / 3, within(0.5));
        assertThat(r3).isCloseTo(10 + 140.0 / 3, within(0.5));
        assertThat(notes).singleElement().asString().contains("sweep");
    }

    @Test
    void anInferencePerfSweepProbesThenRunsItsPlannedStages() {
        SimulatedSender server = new SimulatedSender(clock, 200 * MS, 0);
        LoadSpec load = new LoadSpec(
                List.of(new Stage.Sweep(new SweepSpec.InferencePerf(false, 100, 60, 3, 2, 95, Arrival.CONSTANT))),
                null,
                0,
                0,
                1);
        List<StageRun> runs = new BenchRun(clock, server, PROMPTS, load, true, 0, null).run();
        assertThat(runs).hasSize(3);
        assertThat(runs.stream().map(r -> ((Stage.Rate) r.stage()).rate()).toList())
                .isSortedAccordingTo(Comparator.naturalOrder())
                .first()
                .isEqualTo(1.0);
        assertThat(server.submitted).isGreaterThan(100); // the probe's requests were sent, but not reported
        assertThat(runs.stream().mapToInt(r -> r.records().size()).sum()).isEqualTo(server.submitted - 100);
    }

    @Test
    void warmUpRequestsAreSentFirstAndNotReported() {
        SimulatedSender server = new SimulatedSender(clock, 10 * MS, 1 * MS);
        LoadSpec load = new LoadSpec(List.of(new Stage.Concurrency(1, 5, 0)), null, 0, 0, 1);
        List<StageRun> runs = new BenchRun(clock, server, PROMPTS, load, true, 6, null).run();
        assertThat(server.submitted).isEqualTo(11);
        assertThat(runs.get(0).records()).hasSize(5);
    }
}
