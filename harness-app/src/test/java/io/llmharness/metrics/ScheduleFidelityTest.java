package io.llmharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Schedule lag of a replay: exact nearest-rank figures, the 1 ms share, and the client-limited verdict. */
class ScheduleFidelityTest {

    private static final long MS = 1_000_000L;

    /** 100 requests due at 0, dispatched 0.01 ms, 0.02 ms, ... 1 ms late. */
    private static List<RequestRecord> lags(long step, int n) {
        List<RequestRecord> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            out.add(RecordBuilder.at(0).scheduled(0).dispatched(i * step).build());
        }
        return out;
    }

    @Test
    void percentilesAreNearestRankAndTheShareCountsRequestsWithinOneMillisecond() {
        List<RequestRecord> records = new ArrayList<>(lags(10_000, 100)); // 0.01 ms ... 1 ms
        records.add(RecordBuilder.at(0).scheduled(0).dispatched(30 * MS).build());
        ScheduleFidelity f =
                ScheduleFidelity.of(records, io.llmharness.workload.trace.ReplayOptions.DEFAULT_LAG_THRESHOLD_NS);
        assertThat(f.requests()).isEqualTo(101);
        assertThat(f.p50Ns()).isEqualTo(510_000); // rank 51 of 101
        assertThat(f.p99Ns()).isEqualTo(1_000_000); // rank 100
        assertThat(f.maxNs()).isEqualTo(30 * MS);
        assertThat(f.withinOneMs()).isEqualTo(100 / 101.0);
        assertThat(f.verdict()).isEqualTo(ClientHealth.Verdict.OK);
        assertThat(f.lagMap()).containsEntry("p99", 1.0).containsEntry("max", 30.0);
    }

    @Test
    void theLagSplitsIntoTheSchedulersPartAndTheClientQueuesPart() {
        List<RequestRecord> records = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            // handed over i * 0.01 ms late, then 20 ms in the client's queue
            records.add(RecordBuilder.at(0)
                    .scheduled(0)
                    .issued(i * 10_000L)
                    .dispatched(i * 10_000L + 20 * MS)
                    .build());
        }
        ScheduleFidelity f =
                ScheduleFidelity.of(records, io.llmharness.workload.trace.ReplayOptions.DEFAULT_LAG_THRESHOLD_NS);
        assertThat(f.schedulerP99Ns()).isEqualTo(990_000);
        assertThat(f.queueP99Ns()).isEqualTo(20 * MS);
        assertThat(f.lagMap()).containsEntry("scheduler_p99", 0.99).containsEntry("client_queue_p99", 20.0);
    }

    @Test
    void aLagP99AboveTheThresholdIsClientLimitedWithTheReason() {
        ScheduleFidelity f =
                ScheduleFidelity.of(lags(MS, 100), io.llmharness.workload.trace.ReplayOptions.DEFAULT_LAG_THRESHOLD_NS);
        assertThat(f.verdict()).isEqualTo(ClientHealth.Verdict.CLIENT_LIMITED);
        assertThat(f.reasons()).containsExactly("schedule lag p99 99.0 ms > 5.0 ms");
        assertThat(f.healthMap()).containsEntry("verdict", "client-limited");
        assertThat(f.line()).contains("client health: client-limited (schedule lag p99 99.0 ms > 5.0 ms)");
    }

    @Test
    void requestsNeverSentAreLeftOutAndEarlyDispatchCountsAsNoLag() {
        List<RequestRecord> records = List.of(
                RecordBuilder.at(0).scheduled(5 * MS).dispatched(4 * MS).build(),
                RecordBuilder.at(0)
                        .scheduled(0)
                        .dispatched(RequestRecord.ABSENT)
                        .build());
        ScheduleFidelity f =
                ScheduleFidelity.of(records, io.llmharness.workload.trace.ReplayOptions.DEFAULT_LAG_THRESHOLD_NS);
        assertThat(f.requests()).isEqualTo(1);
        assertThat(f.maxNs()).isZero();
        assertThat(f.withinOneMs()).isEqualTo(1.0);
    }
}
