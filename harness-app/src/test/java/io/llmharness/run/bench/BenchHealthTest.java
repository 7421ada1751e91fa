package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.Prompt;
import io.llmharness.client.health.ClientSamples;
import io.llmharness.client.record.ClientWait;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.ClientHealth;
import io.llmharness.metrics.HealthThresholds;
import io.llmharness.metrics.RecordBuilder;
import io.llmharness.workload.data.StaticRequest;
import io.llmharness.workload.spec.Arrival;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The client-health verdict of a workload run: per stage, for the run, for a replay, for merged shards. */
class BenchHealthTest {

    private static final long MS = 1_000_000L;
    private static final Stage RATE = new Stage.Rate(10, 1, Arrival.CONSTANT, 10);

    /** {@code n} requests 10 ms apart, sent 20 ns after due; with the connection cap's wait when {@code capped}. */
    private static List<BenchRecord> records(int stage, int n, boolean capped) {
        List<BenchRecord> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            RequestRecord r = RecordBuilder.at(i * 10 * MS)
                    .clientWait(capped ? ClientWait.CONNECTION_CAP : ClientWait.NONE)
                    .build();
            out.add(new BenchRecord(stage, i, i, new StaticRequest(i, new Prompt.Text("p"), 10, 5), r, "x"));
        }
        return out;
    }

    /** A sampler's figures with every probe of the loops {@code lagNs} late; nothing else of note. */
    private static ClientSamples samples(long lagNs, long capWaits) {
        Histogram lags = new Histogram(3);
        for (int i = 0; i < 100; i++) {
            lags.recordValue(lagNs);
        }
        long window = 1000 * MS;
        return new ClientSamples(
                window,
                2,
                lags,
                0.1,
                0,
                0,
                0,
                List.of("G1 Young Generation"),
                window / 10,
                2,
                5,
                4,
                0,
                capWaits,
                2,
                ClientWait.CONNECTION_CAP);
    }

    private static StageRun stage(int index, Stage stage, List<BenchRecord> records) {
        return new StageRun(index, stage, 0, 100 * MS, records.size(), records, false);
    }

    @Test
    void eachStageIsJudgedOnItsOwnRequestsAndTheRunIsLimitedWhenAnyStageIs() {
        List<StageRun> runs = List.of(
                stage(0, RATE, records(0, 10, false)),
                stage(1, RATE, records(1, 10, false)),
                stage(2, RATE, records(2, 10, true)),
                stage(3, RATE, records(3, 10, false)));
        // stage 3 was not sampled (a run that stopped while it ran, say): it has no verdict
        BenchHealth h = BenchHealth.of(
                runs,
                Map.of(0, samples(MS / 10, 0), 1, samples(5_800_000L, 0), 2, samples(MS / 10, 10)),
                HealthThresholds.defaults());

        assertThat(h.stages()).extracting(BenchHealth.StageHealth::index).containsExactly(0, 1, 2);
        assertThat(h.stage(0).ok()).isTrue();
        assertThat(h.stage(1).reasons()).containsExactly("event loop lag p99 5.8 ms > 2.0 ms");
        assertThat(h.stage(2).reasons())
                .singleElement()
                .asString()
                .startsWith("connection cap reached: 10 requests waited for one of 2 connections");
        assertThat(h.stage(3)).isNull();
        assertThat(h.limited()).isTrue();
        assertThat(h.reasons())
                .containsExactly(
                        "stage 1: event loop lag p99 5.8 ms > 2.0 ms",
                        "stage 2: " + h.stage(2).reasons().get(0));

        Map<String, Object> run = h.section();
        assertThat(run.get("verdict")).isEqualTo("client-limited");
        assertThat(run.get("reasons")).isEqualTo(h.reasons());
        assertThat(run.get("stages"))
                .isEqualTo(List.of(
                        Map.of("stage", 0, "verdict", "ok"),
                        Map.of("stage", 1, "verdict", "client-limited"),
                        Map.of("stage", 2, "verdict", "client-limited")));
        assertThat(run.get("thresholds")).isEqualTo(HealthThresholds.defaults().toMap());

        // each stage's object has MLPerf mode's layout, with that stage's own figures
        Map<Integer, Map<String, Object>> stages = h.stageSections();
        assertThat(stages).containsOnlyKeys(0, 1, 2);
        assertThat(stages.get(1))
                .containsKeys(BenchClientHealthCommandTest.LAYOUT.toArray(String[]::new))
                .doesNotContainKey("warm_up")
                .containsEntry("verdict", "client-limited")
                .containsEntry("requests", 10L);
        assertThat(stages.get(0)).containsEntry("verdict", "ok").containsEntry("reasons", List.of());

        assertThat(h.line(0)).isEqualTo("  client health: ok");
        assertThat(h.line(1)).isEqualTo("  client health: client-limited: event loop lag p99 5.8 ms > 2.0 ms");
        assertThat(h.line(3)).isNull();
    }

    @Test
    void aRunWhoseStagesAreAllWithinTheThresholdsIsOk() {
        BenchHealth h = BenchHealth.of(
                List.of(stage(0, RATE, records(0, 5, false)), stage(1, RATE, records(1, 5, false))),
                Map.of(0, samples(MS / 10, 0), 1, samples(MS / 10, 0)),
                HealthThresholds.defaults());
        assertThat(h.limited()).isFalse();
        assertThat(h.reasons()).isEmpty();
        assertThat(h.section()).containsEntry("verdict", "ok").containsEntry("reasons", List.of());
    }

    @Test
    void theThresholdsGivenAreTheOnesApplied() {
        HealthThresholds loose = HealthThresholds.of(List.of("loop_lag_p99_ms=10"));
        BenchHealth h =
                BenchHealth.of(List.of(stage(0, RATE, records(0, 5, false))), Map.of(0, samples(5_800_000L, 0)), loose);
        assertThat(h.limited()).isFalse();
        assertThat(h.section().get("thresholds")).isEqualTo(loose.toMap());
    }

    @Test
    void aRunWithoutSamplesHasNoVerdict() {
        BenchHealth h =
                BenchHealth.of(List.of(stage(0, RATE, records(0, 5, false))), Map.of(), HealthThresholds.defaults());
        assertThat(h.isEmpty()).isTrue();
        assertThat(h.section()).isNull();
        assertThat(h.stageSections()).isEmpty();
        assertThat(h.limited()).isFalse();
    }

    @Test
    void aBadThresholdNamesTheEntryAndWhy() {
        assertThatThrownBy(() -> HealthThresholds.of(List.of("loop_lag_p99_ms=1", "cpu_share=2")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cpu_share=2: cpu_share=2: must be a fraction in (0, 1]");
        assertThatThrownBy(() -> HealthThresholds.of(List.of("loop_lag=1")))
                .hasMessageStartingWith("loop_lag=1: unknown key 'loop_lag'; keys: schedule_delay_p99_ms");
    }

    // ---- a trace replay: the schedule lag is one more reason, and the replay's verdict is the stage's

    private static ReplayPlan plan(int rows) {
        List<TraceRequest> t = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            t.add(TraceRequest.of(i + 1, i * 10 * MS, 20, 2, i));
        }
        return ReplayPlan.of(new Trace("t.jsonl", TraceFormat.MOONCAKE, 16, t, 0), ReplayOptions.defaults(), 1);
    }

    /** A replay's rows, each handed to a connection {@code lagNs} after it was due. */
    private static List<BenchRecord> replayed(int rows, long lagNs) {
        List<BenchRecord> out = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            long due = i * 10 * MS;
            RequestRecord r = RecordBuilder.at(due)
                    .issued(due + lagNs / 2)
                    .dispatched(due + lagNs)
                    .connected(due + lagNs + 10)
                    .sent(due + lagNs + 20)
                    .headers(due + lagNs + 30)
                    .firstToken(due + lagNs + 40)
                    .lastToken(due + lagNs + 50)
                    .done(due + lagNs + 60)
                    .build();
            out.add(new BenchRecord(0, i, i, new StaticRequest(i, new Prompt.Text("p"), 20, 2), r, "x"));
        }
        return out;
    }

    @Test
    void aLateReplayIsClientLimitedInItsStageAndInItsReplaySection() {
        ReplayPlan plan = plan(20);
        List<StageRun> runs = List.of(stage(0, new Stage.Replay(plan), replayed(20, 8 * MS)));
        BenchHealth h = BenchHealth.of(runs, Map.of(0, samples(MS / 10, 0)), HealthThresholds.defaults());
        // 8 ms from due to a connection: 4 ms of it the scheduler's (schedule delay), the rest the client's queue
        assertThat(h.stage(0).reasons())
                .containsExactly("schedule delay p99 4.0 ms > 2.0 ms", "schedule lag p99 8.0 ms > 5.0 ms");
        ReplaySummary replay = ReplaySummary.of(runs).judged(h.replay(runs));
        assertThat(replay.fidelity().healthMap())
                .containsEntry("verdict", "client-limited")
                .containsEntry("reasons", h.stage(0).reasons())
                .containsEntry("schedule_lag_p99_threshold_ms", 5.0);
        assertThat(replay.lines().get(0))
                .endsWith("client health: client-limited (schedule delay p99 4.0 ms > 2.0 ms;"
                        + " schedule lag p99 8.0 ms > 5.0 ms)");
    }

    @Test
    void aReplayOnScheduleOnAStrugglingClientIsClientLimitedInBothPlaces() {
        ReplayPlan plan = plan(20);
        List<StageRun> runs = List.of(stage(0, new Stage.Replay(plan), replayed(20, MS / 10)));
        ReplaySummary alone = ReplaySummary.of(runs);
        assertThat(alone.fidelity().verdict()).isEqualTo(ClientHealth.Verdict.OK);
        BenchHealth h = BenchHealth.of(runs, Map.of(0, samples(5_800_000L, 0)), HealthThresholds.defaults());
        ReplaySummary judged = alone.judged(h.replay(runs));
        assertThat(judged.fidelity().verdict()).isEqualTo(ClientHealth.Verdict.CLIENT_LIMITED);
        assertThat(judged.fidelity().reasons()).containsExactly("event loop lag p99 5.8 ms > 2.0 ms");
        assertThat(judged.summaryFields().get(ReplaySummary.LAG_FIELD))
                .isEqualTo(alone.summaryFields().get(ReplaySummary.LAG_FIELD));
        // a run without samples keeps the schedule lag's own verdict
        assertThat(alone.judged(null)).isSameAs(alone);
    }

    // ---- merged shards

    private static MergeShard shard(int index, String summaryJson) throws Exception {
        MergeShard.ShardId id = new MergeShard.ShardId(null, index, 2, null, "inference-perf", "p.yaml", "");
        return new MergeShard(null, id, null, MergeShard.JSON.readTree(summaryJson), null, null);
    }

    @Test
    void aMergedRunIsClientLimitedWhenAnyShardWasWithTheReasonsPrefixedByTheShard() throws Exception {
        MergeShard ok = shard(0, """
                {"client_health": {"verdict": "ok", "reasons": []},
                 "stages": [{"index": 0, "client_health": {"verdict": "ok", "reasons": []}},
                            {"index": 1, "client_health": {"verdict": "ok", "reasons": []}}]}""");
        MergeShard limited = shard(1, """
                {"client_health": {"verdict": "client-limited", "reasons": ["stage 1: CPU 1.98 of 2 cores >= 95%"]},
                 "stages": [{"index": 0, "client_health": {"verdict": "ok", "reasons": []}},
                            {"index": 1, "client_health": {"verdict": "client-limited",
                                                           "reasons": ["CPU 1.98 of 2 cores >= 95%"]}}]}""");
        MergeHealth m = MergeHealth.of(List.of(ok, limited));
        assertThat(m.limited()).isTrue();
        assertThat(m.section())
                .containsEntry("verdict", "client-limited")
                .containsEntry("reasons", List.of("shard 1: stage 1: CPU 1.98 of 2 cores >= 95%"))
                .containsEntry(
                        "shards",
                        List.of(Map.of("shard", 0, "verdict", "ok"), Map.of("shard", 1, "verdict", "client-limited")));
        assertThat(m.stageSections().get(0)).containsEntry("verdict", "ok");
        assertThat(m.stageSections().get(1))
                .containsEntry("verdict", "client-limited")
                .containsEntry("reasons", List.of("shard 1: CPU 1.98 of 2 cores >= 95%"));
        assertThat(m.line(1)).isEqualTo("  client health: client-limited: shard 1: CPU 1.98 of 2 cores >= 95%");
        assertThat(m.line(0)).isEqualTo("  client health: ok");
    }

    @Test
    void shardsWrittenBeforeTheVerdictExistedGiveNone() throws Exception {
        JsonNode none = MergeShard.JSON.readTree("{\"stages\": [{\"index\": 0}]}");
        MergeHealth m = MergeHealth.of(List.of(shard(0, none.toString()), shard(1, none.toString())));
        assertThat(m.section()).isNull();
        assertThat(m.stageSections()).isEmpty();
        assertThat(m.limited()).isFalse();
        assertThat(m.line(0)).isNull();
    }
}
