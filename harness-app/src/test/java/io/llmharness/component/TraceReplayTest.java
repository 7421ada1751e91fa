package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.metrics.ScheduleFidelity;
import io.llmharness.run.bench.BenchRecord;
import io.llmharness.run.bench.BenchRun;
import io.llmharness.run.bench.StageRun;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.tokenizer.SyntheticTokenizer;
import io.llmharness.workload.data.PromptFeed;
import io.llmharness.workload.data.PromptSources;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Trace replay through the real scheduler, the real client and the simulator on a loopback port: a bursty 10k-row
 * trace on schedule at 1x and 10x, sessions under a concurrent-session cap, and shared hash ids as prefix-cache hits.
 * Timing bounds are generous (a shared 2-core CI machine); order and causality are asserted exactly.
 */
class TraceReplayTest {

    private static final long MS = 1_000_000L;

    /**
     * Issue lag p99 allowed here: far above the 5 ms client-health threshold, because a shared 2-core machine under a
     * load of 20 deschedules the scheduling thread for hundreds of ms (measured: p99 0.1-0.4 s there); a scheduler
     * that blocked on answers or did O(n) work per request would still be seconds late.
     */
    private static final long LAG_P99_BOUND_NS = 1_000 * MS;

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    /**
     * A fast simulator that keeps idle connections open: a burst opens many connections that then sit idle, and the
     * keep-alive sweep closing one as the client reuses it is a race of its own (KeepAliveRaceTest), not the replay's.
     */
    private SimulatorServer sim() {
        return rig.sim(
                SimulatorOptions.defaults().with(Latency.fixed(5, 0.5)).with(Http.DEFAULTS.withKeepAliveTimeoutMs(0)));
    }

    private List<StageRun> replay(SimulatorServer sim, ReplayPlan plan, boolean stream) {
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(EndpointType.COMPLETIONS)
                .api(new ApiSettings("sim-model", null, false, GuidedDecoding.RESPONSE_FORMAT, false))
                .collectText(true)
                .maxInFlight(1024)
                .build());
        LoadSpec load = new LoadSpec(List.of(new Stage.Replay(plan)), null, 0, 0, 1);
        WorkloadSpec spec = BenchSpecs.withIgnoreEos(EndpointType.COMPLETIONS).withLoad(load);
        PromptFeed prompts = PromptSources.replay(plan, SyntheticTokenizer.INSTANCE, 1, EndpointType.COMPLETIONS);
        return new BenchRun(Clock.system(), BenchSpecs.sender(client, spec), prompts, load, stream, 8, null).run();
    }

    /** 10k rows in bursts of 25 (0.1 ms apart), a burst every {@code burstEveryMs}; 2 prefix groups. */
    private static Trace bursty(double burstEveryMs) {
        List<TraceRequest> rows = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            long at = Math.round(((i / 25) * burstEveryMs + (i % 25) * 0.1) * MS);
            rows.add(TraceRequest.of(i + 1, at, 20 + i % 13, 2, i % 2, 1000 + i));
        }
        return new Trace("bursty.jsonl", TraceFormat.MOONCAKE, 16, rows, 0);
    }

    private static ScheduleFidelity fidelity(StageRun run) {
        return ScheduleFidelity.of(
                run.records().stream().map(BenchRecord::record).toList(),
                io.llmharness.workload.trace.ReplayOptions.DEFAULT_LAG_THRESHOLD_NS);
    }

    private void replaysOnSchedule(Trace trace, double speedup) {
        ReplayPlan plan = ReplayPlan.of(trace, ReplayOptions.defaults().withSpeedup(speedup), 1);
        List<StageRun> stages = replay(sim(), plan, false);
        StageRun run = stages.get(0);
        assertThat(run.records()).hasSize(10_000);
        assertThat(run.records().stream()
                        .filter(b -> !b.record().ok())
                        .map(b -> b.record().outcome()))
                .isEmpty();
        // every row was due at its recorded offset / speedup after the stage start
        long start = run.records().stream()
                .mapToLong(b -> b.record().scheduledNs())
                .min()
                .orElseThrow();
        for (BenchRecord b : run.records()) {
            long recorded = plan.rows().get((int) b.indexInStage()).offsetNs();
            assertThat(b.record().scheduledNs() - start).isEqualTo(Math.round(recorded / speedup));
        }
        ScheduleFidelity f = fidelity(run);
        long[] issueLag = run.records().stream()
                .mapToLong(b -> b.record().issuedNs() - b.record().scheduledNs())
                .sorted()
                .toArray();
        long issueP99 = issueLag[(int) Math.ceil(0.99 * issueLag.length) - 1];
        System.out.printf(
                "trace replay at %sx: issue lag p50 %.3f ms, p99 %.3f ms; %s%n",
                speedup, issueLag[issueLag.length / 2] / 1e6, issueP99 / 1e6, f.line());
        assertThat(f.requests()).isEqualTo(10_000);
        // the scheduler's own lateness; the lag to dispatch adds the client's queue when a loaded machine's
        // simulator falls behind, which the fidelity verdict reports (client-limited) and this test does not bound
        assertThat(issueP99).as("issue lag p99").isLessThan(LAG_P99_BOUND_NS);
        assertThat(f.p99Ns()).isGreaterThanOrEqualTo(issueP99 - MS);
    }

    @Test
    void aBurstyTenThousandRowTraceReplaysOnScheduleAtItsRecordedPace() {
        replaysOnSchedule(bursty(30), 1); // 10k rows over 12 s, 25 within 2.5 ms every 30 ms
    }

    @Test
    void aBurstyTenThousandRowTraceReplaysOnScheduleTenTimesFaster() {
        replaysOnSchedule(bursty(300), 10); // recorded over 120 s, replayed over 12 s
    }

    @Test
    void sessionsKeepTheirTurnsInOrderAfterTheirThinkTimeAndNeverMoreThanTheCapAreAlive() {
        int sessions = 24;
        int turns = 4;
        long thinkNs = 30 * MS;
        List<TraceRequest> rows = new ArrayList<>();
        long line = 1;
        for (int s = 0; s < sessions; s++) {
            rows.add(new TraceRequest(line++, s * 2 * MS, 12, 4, new int[0], "s" + s, -1, null));
        }
        for (int t = 1; t < turns; t++) {
            for (int s = 0; s < sessions; s++) {
                rows.add(new TraceRequest(line++, -1, 6, 4, new int[0], "s" + s, thinkNs, null));
            }
        }
        Trace trace = new Trace("sessions.jsonl", TraceFormat.MOONCAKE, 16, rows, 0);
        int cap = 4;
        ReplayPlan plan = ReplayPlan.of(trace, ReplayOptions.defaults().withConcurrentSessions(cap), 1);
        StageRun run = replay(sim(), plan, true).get(0);
        assertThat(run.records()).hasSize(sessions * turns);
        assertThat(run.records()).allMatch(b -> b.record().ok());

        Map<String, List<BenchRecord>> bySession = new LinkedHashMap<>();
        run.records().stream()
                .sorted(Comparator.comparingLong(BenchRecord::indexInStage))
                .forEach(b -> bySession
                        .computeIfAbsent(b.request().session(), k -> new ArrayList<>())
                        .add(b));
        assertThat(bySession).hasSize(sessions);
        List<long[]> alive = new ArrayList<>();
        for (List<BenchRecord> turnsOf : bySession.values()) {
            assertThat(turnsOf).hasSize(turns);
            for (int t = 1; t < turns; t++) {
                BenchRecord prev = turnsOf.get(t - 1);
                BenchRecord next = turnsOf.get(t);
                // sequential: due only once the previous answer is in, plus the think time
                assertThat(next.record().scheduledNs())
                        .isGreaterThanOrEqualTo(prev.record().doneNs() + thinkNs);
                assertThat(next.record().dispatchedNs())
                        .isGreaterThanOrEqualTo(next.record().scheduledNs());
                // the turn carried the history: the previous question and the server's real answer
                String sent = ((Prompt.Text) next.request().sentPrompt()).text();
                assertThat(sent).contains(prev.output());
            }
            alive.add(new long[] {
                turnsOf.get(0).record().scheduledNs(),
                turnsOf.get(turns - 1).record().doneNs()
            });
        }
        assertThat(peak(alive)).as("sessions alive at once").isEqualTo(cap);
    }

    @Test
    void sharedHashIdsShowAsPrefixCacheHitsInTheSimulator() {
        SimulatorServer sim = sim();
        double before = hits(sim);
        List<TraceRequest> own = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            own.add(TraceRequest.of(i + 1, i * 20 * MS, 64, 2, 100 + 4 * i, 101 + 4 * i, 102 + 4 * i, 103 + 4 * i));
        }
        replay(sim, ReplayPlan.of(new Trace("own.jsonl", TraceFormat.MOONCAKE, 16, own, 0), opts(), 1), false);
        double unshared = hits(sim) - before;
        List<TraceRequest> shared = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            shared.add(TraceRequest.of(i + 1, i * 20 * MS, 64, 2, 1, 2, 3, 500 + i));
        }
        replay(sim, ReplayPlan.of(new Trace("shared.jsonl", TraceFormat.MOONCAKE, 16, shared, 0), opts(), 1), false);
        double sharedHits = hits(sim) - before - unshared;
        // every row after the first finds at least the first two 16-token blocks of the shared 48 cached
        assertThat(sharedHits).isGreaterThanOrEqualTo(19 * 32.0);
        assertThat(sharedHits).isGreaterThan(unshared);
    }

    private static ReplayOptions opts() {
        return ReplayOptions.defaults();
    }

    private double hits(SimulatorServer sim) {
        return rig.metrics(sim).sum("vllm:prefix_cache_hits_total");
    }

    /**
     * Most intervals open at once, counted the plain way (the product sweeps sorted ends): at each start, the
     * intervals that began at or before it and end after it.
     */
    private static int peak(List<long[]> intervals) {
        int peak = 0;
        for (long[] at : intervals) {
            int open = 0;
            for (long[] i : intervals) {
                if (i[0] <= at[0] && i[1] > at[0]) {
                    open++;
                }
            }
            peak = Math.max(peak, open);
        }
        return peak;
    }
}
