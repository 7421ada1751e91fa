package io.llmharness.run.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.Prompt;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.RecordBuilder;
import io.llmharness.workload.data.StaticRequest;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-session results of a replay from its records: sessions alive at once, TTFT by turn, durations. */
class ReplaySummaryTest {

    private static final long MS = 1_000_000L;

    private static TraceRequest turn(long line, String s, long offset) {
        return new TraceRequest(line, offset, 10, 5, new int[0], s, offset < 0 ? 0 : -1, null);
    }

    private static BenchRecord rec(int row, long due, long ttft, long done) {
        RequestRecord r = RecordBuilder.at(due).stream(true)
                .dispatched(due)
                .firstToken(due + ttft)
                .lastToken(done)
                .done(done)
                .build();
        return new BenchRecord(0, row, row, new StaticRequest(row, new Prompt.Text("p"), 10, 5), r, "x");
    }

    @Test
    void sessionsAliveTtftByTurnAndDurationsComeFromTheRecords() {
        // two sessions of two turns: a at 0 (rows 0, 1), b at 10 ms (rows 2, 3)
        Trace t = new Trace(
                "s.jsonl",
                TraceFormat.MOONCAKE,
                16,
                List.of(turn(1, "a", 0), turn(2, "b", 10 * MS), turn(3, "a", -1), turn(4, "b", -1)),
                0);
        ReplayPlan plan = ReplayPlan.of(t, ReplayOptions.defaults(), 1);
        assertThat(plan.sessions()).extracting(ReplayPlan.Session::id).containsExactly("a", "b");
        List<BenchRecord> records = new ArrayList<>();
        records.add(rec(0, 0, 10 * MS, 20 * MS)); // a, turn 1
        records.add(rec(1, 25 * MS, 30 * MS, 60 * MS)); // a, turn 2
        records.add(rec(2, 10 * MS, 20 * MS, 30 * MS)); // b, turn 1
        records.add(rec(3, 40 * MS, 50 * MS, 100 * MS)); // b, turn 2
        ReplaySummary s = ReplaySummary.of(plan, records);
        assertThat(s.sessions()).isEqualTo(2);
        assertThat(s.maxAlive()).isEqualTo(2);
        assertThat(s.ttftByTurn().get(1)).containsExactly(10.0, 20.0);
        assertThat(s.ttftByTurn().get(2)).containsExactly(30.0, 50.0);
        assertThat(s.durationsS()).containsExactly(0.06, 0.09);
        Map<String, Object> m = s.toMap();
        assertThat(m).containsEntry("requests_sent", 4L).containsEntry("format", "mooncake");
        assertThat(m.get("session_context")).asString().contains("server's real answers");
        assertThat(s.lines()).hasSize(2);
        assertThat(s.lines().get(1))
                .contains("Sessions: 2 (at most 2 alive)", "TTFT p50 by turn: 1: 10.0 ms, 2: 30.0 ms");
    }

    private static BenchRecord lagged(int row, long due, long lag) {
        RequestRecord r = RecordBuilder.at(due).stream(true)
                .dispatched(due + lag)
                .firstToken(due + lag + MS)
                .lastToken(due + lag + 2 * MS)
                .done(due + lag + 2 * MS)
                .build();
        return new BenchRecord(0, row, row, new StaticRequest(row, new Prompt.Text("p"), 10, 5), r, "x");
    }

    @Test
    void theLagThresholdOfTheOptionsDecidesClientLimitedAndSkippedRowsAreSaidByReason() {
        Trace t = new Trace(
                "b.csv",
                TraceFormat.BURSTGPT,
                512,
                List.of(turn(2, null, 0), turn(3, null, 10 * MS)),
                Map.of(Trace.SKIPPED_FAILED, 2L, Trace.SKIPPED_MODEL, 1L));
        List<BenchRecord> records = List.of(lagged(0, 0, 3 * MS), lagged(1, 10 * MS, 3 * MS)); // lag 3 ms each
        ReplayOptions o = ReplayOptions.defaults();
        ReplaySummary byDefault = ReplaySummary.of(ReplayPlan.of(t, o, 1), records);
        assertThat(byDefault.fidelity().verdict().text()).isEqualTo("ok"); // 3 ms <= the default 5 ms
        ReplaySummary strict = ReplaySummary.of(ReplayPlan.of(t, o.with(o.history(), 2 * MS), 1), records);
        assertThat(strict.fidelity().verdict().text()).isEqualTo("client-limited");
        assertThat(strict.lines().get(0)).contains("client-limited (schedule lag p99 3");
        @SuppressWarnings("unchecked")
        Map<String, Object> health = (Map<String, Object>) strict.toMap().get("client_health");
        assertThat(health).containsEntry("schedule_lag_p99_threshold_ms", 2.0);
        assertThat(strict.toMap())
                .containsEntry("rows_skipped_by_reader", 3L)
                .containsEntry("rows_skipped_by_reason", Map.of("failed_in_source", 2L, "model_filter", 1L));
        assertThat(strict.lines().get(1))
                .isEqualTo("Trace rows skipped: 3 of 5 (2 failed in the source (0 response tokens), 1 of other models"
                        + " (--trace-model))");
    }
}
