package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.health.FakeTasks;
import io.llmharness.client.health.JitPriority;
import io.llmharness.client.health.JitWatch;
import io.llmharness.client.health.WarmUpEnd;
import io.llmharness.loadgen.clock.VirtualClock;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.ReplayPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bench warm start on a virtual clock: how long it runs, how much it keeps in flight, what ends it, and how many
 * connections it prepares for the first stage.
 */
class BenchWarmupTest {

    private static final long MS = 1_000_000L;

    private final VirtualClock clock = new VirtualClock();

    /** A JIT that turns idle once the virtual clock passes {@code atNs} (never, for Long.MAX_VALUE). */
    private BenchWarmup.JitIdle idleFrom(long atNs) {
        return new BenchWarmup.JitIdle() {
            @Override
            public boolean idle() {
                return clock.nanoTime() >= atNs;
            }

            @Override
            public void close() {}
        };
    }

    private BenchWarmup warmup(SimulatedSender sender, long jitIdleAtNs) {
        return new BenchWarmup(clock, sender, true, () -> false, () -> idleFrom(jitIdleAtNs));
    }

    @Test
    void withoutATimeItSendsExactlyTheWarmupRequests() {
        SimulatedSender sender = new SimulatedSender(clock, 10 * MS, 1 * MS);
        BenchWarmup.Report r = warmup(sender, 0).run(6, Duration.ZERO, new Stage.Concurrency(3, 10, 0));
        assertThat(sender.submitted).isEqualTo(6);
        assertThat(sender.maxInFlight).isEqualTo(1); // fewer than the probe: all of them one at a time
        assertThat(r.endedBy()).isEqualTo("requests");
        assertThat(r.requests()).isEqualTo(6);
        assertThat(r.ok()).isEqualTo(6);
        assertThat(r.connectionsTarget()).isEqualTo(3); // a closed loop needs its concurrency
        assertThat(sender.prepared).containsExactly(3);
        assertThat(sender.forgotten).isEqualTo(1);
    }

    @Test
    void itRunsUntilTheJitIsIdleWithTheClientKeptBusy() {
        SimulatedSender sender = new SimulatedSender(clock, 1 * MS, 0); // 1 ms per request: 32,000 a second
        long t0 = clock.nanoTime();
        BenchWarmup.Report r = warmup(sender, t0 + 2_500 * MS).run(8, Duration.ofSeconds(30), null);
        assertThat(r.endedBy()).isEqualTo("jit-idle");
        // stopped issuing then, drained, then the probe's 8 requests of 1 ms one after another
        assertThat(clock.nanoTime() - t0).isBetween(2_500 * MS + 8 * MS, 2_502 * MS + 8 * MS);
        assertThat(sender.maxInFlight).isEqualTo(BenchWarmup.IN_FLIGHT);
        assertThat(r.requests()).isEqualTo(sender.submitted).isGreaterThan(JitWatch.SETTLE_REQUESTS);
        assertThat(r.tookNs()).isEqualTo(clock.nanoTime() - t0);
    }

    @Test
    void anIdleJitEndsItNoSoonerThanTheLeastTimeAndTheLeastRequests() {
        // an idle JIT from the start: the warm-up still sends the requests that take per-request code to C2,
        // 20,000 (here 1 ms each, 32 at a time: within its least second) ...
        SimulatedSender fast = new SimulatedSender(clock, 1 * MS, 0);
        long t0 = clock.nanoTime();
        BenchWarmup.Report r = warmup(fast, 0).run(8, Duration.ofSeconds(30), null);
        assertThat(r.endedBy()).isEqualTo("jit-idle");
        assertThat(r.requests()).isGreaterThan(JitWatch.SETTLE_REQUESTS);
        assertThat(clock.nanoTime() - t0).isBetween(1_000 * MS, 1_000 * MS + 10 * MS);

        // ... or, when it cannot send that many quickly, for 5 s (17 ms each, 32 at a time: 9,400)
        SimulatedSender slower = new SimulatedSender(clock, 10 * MS, 1 * MS);
        long t2 = clock.nanoTime();
        BenchWarmup.Report s = warmup(slower, 0).run(8, Duration.ofSeconds(30), null);
        assertThat(s.endedBy()).isEqualTo("jit-idle");
        assertThat(s.requests()).isBetween(9_000L, 9_500L);
        assertThat(clock.nanoTime() - t2).isBetween(5_000 * MS, 5_020 * MS + 8 * 17 * MS);

        // more --warmup-requests than that: all of them, and a second at least (32,000 of 1 ms, 32 at a time)
        SimulatedSender quick = new SimulatedSender(clock, 1 * MS, 0);
        assertThat(warmup(quick, 0).run(30_000, Duration.ofSeconds(30), null).requests())
                .isBetween(32_000L, 32_000L + 32 + 8);

        // a JIT that never idles: the time limit ends it
        SimulatedSender slow = new SimulatedSender(clock, 1_000 * MS, 100 * MS); // 1.7 s per request
        long t1 = clock.nanoTime();
        assertThat(warmup(slow, Long.MAX_VALUE)
                        .run(8, Duration.ofSeconds(30), null)
                        .endedBy())
                .isEqualTo("time-limit");
        assertThat(clock.nanoTime() - t1).isBetween(30_000 * MS, 30_000 * MS + 10 * 1_700 * MS);
    }

    @Test
    void aJitThatNeverIdlesEndsAtTheTimeLimit() {
        SimulatedSender sender = new SimulatedSender(clock, 10 * MS, 1 * MS);
        long t0 = clock.nanoTime();
        BenchWarmup.Report r = warmup(sender, Long.MAX_VALUE).run(8, Duration.ofSeconds(4), null);
        assertThat(r.endedBy()).isEqualTo("time-limit");
        assertThat(clock.nanoTime() - t0).isBetween(4_000 * MS + 8 * 17 * MS, 4_020 * MS + 8 * 17 * MS);
        assertThat(r.connectionsTarget()).isEqualTo(BenchWarmup.DEFAULT_CONNECTIONS); // no stage
    }

    @Test
    void noWarmupRequestsMeansNoWarmupButAPreparedPool() {
        SimulatedSender sender = new SimulatedSender(clock, 10 * MS, 1 * MS);
        BenchWarmup.Report r = warmup(sender, 0).run(0, Duration.ofSeconds(30), Stage.Rate.of(50, 10, Arrival.POISSON));
        assertThat(sender.submitted).isZero();
        assertThat(r.endedBy()).isEqualTo("off");
        assertThat(r.jitMs()).isEqualTo(-1);
        assertThat(sender.prepared).containsExactly(BenchWarmup.DEFAULT_CONNECTIONS); // no latency measured
    }

    @Test
    void aStopEndsItAndPreparesNothing() {
        SimulatedSender sender = new SimulatedSender(clock, 10 * MS, 1 * MS);
        boolean[] stop = {false};
        clock.schedule(clock.nanoTime() + 500 * MS, () -> stop[0] = true);
        BenchWarmup.Report r = new BenchWarmup(clock, sender, true, () -> stop[0], () -> idleFrom(Long.MAX_VALUE))
                .run(8, Duration.ofSeconds(30), null);
        assertThat(r.endedBy()).isEqualTo("stopped");
        assertThat(sender.prepared).isEmpty();
        assertThat(sender.forgotten).isZero(); // what it measured stays for the files of a stopped run
    }

    @Test
    void anOpenLoopNeedsItsRateTimesTheUnloadedLatencyTwicePlusFour() {
        // 8 tokens: 17 ms per request alone; the closed loop's queueing would say more on a saturated server
        SimulatedSender sender = new SimulatedSender(clock, 10 * MS, 1 * MS);
        BenchWarmup w = warmup(sender, 2_000 * MS);
        BenchWarmup.Report r = w.run(40, Duration.ofSeconds(30), Stage.Rate.of(1_000, 10, Arrival.POISSON));
        assertThat(w.latencyNs()).isEqualTo(17 * MS);
        assertThat(r.connectionsTarget()).isEqualTo((int) Math.ceil(1_000 * 0.017 * 2) + 4);
        assertThat(BenchWarmup.targetConnections(Stage.Rate.of(100, 10, Arrival.CONSTANT), 20 * MS))
                .isEqualTo(8);
        assertThat(BenchWarmup.targetConnections(Stage.Rate.of(100, 10, Arrival.CONSTANT), 0))
                .isEqualTo(BenchWarmup.DEFAULT_CONNECTIONS);
    }

    @Test
    void aReplayNeedsTheMostSessionsStartingWithinOneLatency() {
        List<ReplayPlan.Session> sessions = new ArrayList<>();
        for (int burst = 0; burst < 4; burst++) { // bursts of 25 rows 0.1 ms apart, 50 ms apart
            for (int i = 0; i < 25; i++) {
                sessions.add(new ReplayPlan.Session(
                        null, burst * 50 * MS + i * MS / 10, List.of(new ReplayPlan.Turn(sessions.size(), 1, 0, 0))));
            }
        }
        assertThat(BenchWarmup.peakStarts(sessions, 6 * MS)).isEqualTo(25);
        assertThat(BenchWarmup.peakStarts(sessions, 60 * MS)).isEqualTo(50);
        assertThat(BenchWarmup.peakStarts(sessions, MS / 10)).isEqualTo(1);
        assertThat(BenchWarmup.peakStarts(List.of(), MS)).isZero();
        ReplayPlan plan = new ReplayPlan(null, ReplayOptions.defaults(), sessions, List.of());
        assertThat(BenchWarmup.targetConnections(new Stage.Replay(plan), 6 * MS))
                .isEqualTo(54);
    }

    @Test
    void theReportSaysWhatHappenedInOneLine() {
        String line =
                new BenchWarmup.Report(120, 119, 2_300 * MS, "jit-idle", 840, 54, 22, 3 * MS, WarmUpEnd.NONE).line();
        assertThat(line)
                .isEqualTo("warm start: 120 warm-up requests (119 ok) in 2.3 s, ended by jit-idle, JIT CPU 840 ms;"
                        + " 54 connections per server prepared (22 opened in 3.0 ms)");
        assertThat(new BenchWarmup.Report(
                                120,
                                119,
                                2_300 * MS,
                                "jit-idle",
                                840,
                                54,
                                22,
                                3 * MS,
                                new WarmUpEnd(JitPriority.Outcome.NONE, 35))
                        .line())
                .endsWith("(22 opened in 3.0 ms); heap collected in 35 ms");
        assertThat(BenchWarmup.Report.NONE.line()).contains("ended by off;");
    }

    /**
     * A warm-up that ended by an idle JIT lowers the JIT threads (here a made-up /proc and renice), says so at the
     * end of its line and in {@code jit_nice}; one that ran to its time limit, or none at all, leaves them alone.
     */
    @Test
    void anIdleJitEndLowersTheJitThreadsAndSaysSo(@TempDir Path tasks) throws IOException {
        FakeTasks proc = FakeTasks.aJvm(tasks);
        JitPriority.Request ten = new JitPriority.Request(10, false);
        BenchWarmup.Report r = warmup(new SimulatedSender(clock, 1 * MS, 0), 0)
                .jitNice(proc.priority(), ten)
                .run(8, Duration.ofSeconds(30), null);
        assertThat(r.endedBy()).isEqualTo("jit-idle");
        assertThat(proc.ran()).containsExactly(List.of("renice", "-n", "10", "-p", "101", "1000"));
        assertThat(r.line()).contains(" opened in 0.0 ms); JIT threads at nice 10 (2 threads); heap collected in ");
        assertThat(r.end().gcMs())
                .as("a warm-up ran: the heap was collected before the first stage")
                .isNotNegative();
        assertThat(r.toMap()).containsEntry("jit_nice", 10);
        assertThat(List.copyOf(r.toMap().keySet())).containsSubsequence("jit_ms", "jit_nice", "connections_target");

        FakeTasks other = FakeTasks.aJvm(tasks.resolve("other"));
        BenchWarmup.Report limited = warmup(new SimulatedSender(clock, 10 * MS, 1 * MS), Long.MAX_VALUE)
                .jitNice(other.priority(), ten)
                .run(8, Duration.ofSeconds(4), null);
        BenchWarmup.Report none = warmup(new SimulatedSender(clock, 10 * MS, 1 * MS), 0)
                .jitNice(other.priority(), ten)
                .run(0, Duration.ofSeconds(30), null);
        BenchWarmup.Report byDefault =
                warmup(new SimulatedSender(clock, 1 * MS, 0), 0).run(8, Duration.ofSeconds(30), null);
        assertThat(limited.endedBy()).isEqualTo("time-limit");
        assertThat(none.endedBy()).isEqualTo("off");
        assertThat(byDefault.endedBy()).isEqualTo("jit-idle");
        assertThat(other.ran()).isEmpty();
        for (BenchWarmup.Report left : List.of(limited, none, byDefault)) {
            assertThat(left.toMap()).containsEntry("jit_nice", null);
            assertThat(left.line()).doesNotContain("nice");
        }
    }
}
