package io.llmharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.health.ClientSamples;
import io.llmharness.client.record.ClientWait;
import io.llmharness.client.record.RequestRecord;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ClientHealthTest {

    private static final long MS = 1_000_000L;

    @Test
    void aRunWithinEveryThresholdIsOk() {
        ClientHealth h =
                ClientHealth.evaluate(records(100, 0), samples(0.1 * MS, 5, 0.3, 0), HealthThresholds.defaults());
        assertThat(h.verdict()).isEqualTo(ClientHealth.Verdict.OK);
        assertThat(h.reasons()).isEmpty();
        assertThat(h.line()).isEqualTo("ok");
        assertThat(h.requests()).isEqualTo(100);
    }

    @Test
    void everyBrokenThresholdIsAReasonInAFixedOrder() {
        List<RequestRecord> rs = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long at = i * 10 * MS;
            rs.add(RecordBuilder.at(at)
                    .issued(at + 6 * MS) // 6 ms late
                    .dispatched(at + 26 * MS)
                    .connected(at + 40 * MS) // 14 ms for a connection
                    .sent(at + 41 * MS)
                    .headers(at + 42 * MS)
                    .done(at + 50 * MS)
                    .clientWait(ClientWait.CONNECTION_CAP)
                    .build());
        }
        ClientHealth h = ClientHealth.evaluate(rs, samples(38 * MS, 120, 0.99, 120), HealthThresholds.defaults());
        assertThat(h.verdict()).isEqualTo(ClientHealth.Verdict.CLIENT_LIMITED);
        assertThat(h.reasons())
                .hasSize(6)
                .satisfiesExactly(
                        r -> assertThat(r).startsWith("connection cap reached: 100 requests waited for one of 64"),
                        r -> assertThat(r).isEqualTo("schedule delay p99 6.0 ms > 2.0 ms"),
                        r -> assertThat(r).isEqualTo("connection wait p99 14.0 ms > 10.0 ms"),
                        r -> assertThat(r).isEqualTo("event loop lag p99 38.0 ms > 2.0 ms"),
                        r -> assertThat(r).isEqualTo("GC pause max 120 ms > 50.0 ms"),
                        r -> assertThat(r).startsWith("CPU 0.99 of 1 core >= 95%"));
        assertThat(h.line()).startsWith("client-limited: connection cap reached");
        assertThat(h.capWaits()).isEqualTo(100);
    }

    @Test
    void gcPausesAddingUpAreAReasonOnTheirOwn() {
        ClientHealth h =
                ClientHealth.evaluate(records(10, 0), samples(0.1 * MS, 20, 0.2, 600), HealthThresholds.defaults());
        assertThat(h.reasons()).containsExactly("GC pauses 6.0% of the window > 5.0%");
    }

    @Test
    void anInFlightCapWaitIsTheCallersOwnLimitNotTheClients() {
        List<RequestRecord> rs = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rs.add(RecordBuilder.at(i).clientWait(ClientWait.IN_FLIGHT_CAP).build());
        }
        assertThat(ClientHealth.evaluate(rs, samples(0.1 * MS, 0, 0.2, 0), HealthThresholds.defaults())
                        .ok())
                .isTrue();
    }

    @Test
    void inFlightPeakCountsOverlappingRequests() {
        List<RequestRecord> rs = List.of(
                RecordBuilder.at(0).dispatched(0).done(100).build(),
                RecordBuilder.at(0).dispatched(50).done(150).build(),
                RecordBuilder.at(0).dispatched(60).done(70).build(),
                RecordBuilder.at(0).dispatched(150).done(200).build());
        assertThat(ClientHealth.inFlightPeak(rs)).isEqualTo(3);
    }

    @Test
    void thresholdsAreOverriddenByKeyAndBadOnesNamed() {
        HealthThresholds t =
                HealthThresholds.defaults().with("loop_lag_p99_ms=0.5").with(" cpu_share = 0.8 ");
        assertThat(t.loopLagP99Ns()).isEqualTo(500_000);
        assertThat(t.cpuShare()).isEqualTo(0.8);
        assertThat(t.toMap()).containsKeys(HealthThresholds.KEYS.toArray(String[]::new));
        assertThatThrownBy(() -> t.with("loop_lag=1")).hasMessageContaining("unknown key 'loop_lag'");
        assertThatThrownBy(() -> t.with("cpu_share=1.5")).hasMessageContaining("a fraction in (0, 1]");
        assertThatThrownBy(() -> t.with("gc_pause_max_ms=-1")).hasMessageContaining("a positive number of ms");
        assertThatThrownBy(() -> t.with("gc_pause_max_ms")).hasMessageContaining("KEY=VALUE");
        assertThatThrownBy(() -> t.with("gc_pause_max_ms=x")).hasMessageContaining("not a number");
    }

    private static List<RequestRecord> records(int n, long gap) {
        List<RequestRecord> rs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rs.add(RecordBuilder.at(i * 1000L + gap).build());
        }
        return rs;
    }

    /** Samples of a 10 s window on one core. */
    private static ClientSamples samples(double lagNs, long gcMaxMs, double cores, long gcTotalMs) {
        Histogram lags = new Histogram(3);
        for (int i = 0; i < 100; i++) {
            lags.recordValue((long) lagNs);
        }
        long window = 10_000 * MS;
        return new ClientSamples(
                window,
                1,
                lags,
                0.3,
                gcMaxMs > 0 ? 3 : 0,
                gcTotalMs,
                gcMaxMs,
                List.of("Copy"),
                (long) (cores * window),
                1,
                10,
                8,
                0,
                0,
                64,
                ClientWait.CONNECTION_CAP);
    }
}
