package io.llmharness.report.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.RecordBuilder;
import io.llmharness.metrics.StageWindow;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Time series from records: conservation of tokens, in-flight levels, percentiles per bucket, the time key. */
class RequestTimelineTest {

    static final long S = 1_000_000_000L;
    static final long MS = 1_000_000L;

    @Test
    void tokensSpreadOverBucketsAddUpToTheTotal() {
        List<RequestRecord> rs = new ArrayList<>();
        long total = 0;
        for (int i = 0; i < 400; i++) {
            long at = i * 50 * MS;
            long out = 10 + i % 90;
            rs.add(RecordBuilder.at(at)
                    .firstToken(at + 100 * MS)
                    .lastToken(at + 100 * MS + out * 37 * MS)
                    .done(at + 101 * MS + out * 37 * MS)
                    .outputTokens(out)
                    .build());
            total += out;
        }
        TimeAxis axis = TimeAxis.of(rs, 0, List.of());
        RequestTimeline t = RequestTimeline.of(rs, 0, axis);
        double sum = 0;
        for (int b = 0; b < axis.buckets(); b++) {
            sum += t.tokensPerS()[b] * axis.coveredSeconds(b);
        }
        assertThat(sum).isCloseTo(total, within(total * 1e-9));
        double done = 0;
        for (int b = 0; b < axis.buckets(); b++) {
            done += t.okPerS()[b] * axis.coveredSeconds(b);
        }
        assertThat(done).isCloseTo(400, within(1e-6));
    }

    @Test
    void inFlightIsTheTimeWeightedMeanAndTheMax() {
        // two requests in flight over [0, 1 s) and one more over [0.5 s, 1 s): mean 2.5, max 3 in the first second
        List<RequestRecord> rs = List.of(
                RecordBuilder.at(0).dispatched(0).done(S).build(),
                RecordBuilder.at(0).dispatched(0).done(S).build(),
                RecordBuilder.at(S / 2).dispatched(S / 2).done(S).build(),
                RecordBuilder.at(0).dispatched(S).done(2 * S).build());
        TimeAxis axis = new TimeAxis(0, S, 2, 2 * S, false);
        double[][] level = RequestTimeline.of(rs, 0, axis).inFlight();
        assertThat(level[0][0]).isCloseTo(2.5, within(1e-9));
        assertThat(level[1][0]).isEqualTo(3);
        assertThat(level[0][1]).isCloseTo(1, within(1e-9));
        double[][] queued = RequestTimeline.of(rs, 0, axis).queued();
        assertThat(queued[0][0]).isCloseTo(1, within(1e-6)); // the fourth waited (almost) the whole first second
    }

    @Test
    void percentilesPerBucketAreNearestRank() {
        BucketValues v = new BucketValues(2, 4);
        for (int i = 1; i <= 100; i++) {
            v.add(0, i * MS);
        }
        double[][] p = v.percentilesMs(50, 99, 100);
        assertThat(p[0][0]).isEqualTo(50);
        assertThat(p[1][0]).isEqualTo(99);
        assertThat(p[2][0]).isEqualTo(100);
        assertThat(p[0][1]).isNaN();
    }

    @Test
    void anOfflineRunIsBucketedByDispatchTime() {
        List<RequestRecord> rs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rs.add(RecordBuilder.at(0)
                    .dispatched(i * 100 * MS)
                    .done(i * 100 * MS + S)
                    .build());
        }
        TimeAxis axis = TimeAxis.of(rs, 0, List.of(new StageWindow("Offline", 0, 21 * S)));
        assertThat(axis.byDispatch()).isTrue();
        assertThat(axis.buckets()).isBetween(10, 120);
        assertThat(axis.latencyKey(rs.get(150), 0)).isEqualTo(15 * S);
        List<RequestRecord> server = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            server.add(RecordBuilder.at(i * 100 * MS).build());
        }
        assertThat(TimeAxis.of(server, 0, List.of()).byDispatch()).isFalse();
    }

    @Test
    void stagesTakeTheRequestsTheirStartFallsIn() {
        StageIndex idx =
                new StageIndex(List.of(new StageWindow("a", 0, 10 * S), new StageWindow("b", 10 * S, 20 * S)), 5 * S);
        assertThat(idx.of(RecordBuilder.at(5 * S).build())).isZero();
        assertThat(idx.of(RecordBuilder.at(15 * S - 1).build())).isZero();
        assertThat(idx.of(RecordBuilder.at(15 * S).build())).isEqualTo(1);
        assertThat(idx.of(RecordBuilder.at(25 * S).build())).isEqualTo(1); // the last stage keeps its end
        assertThat(idx.of(RecordBuilder.at(25 * S + 1).build())).isEqualTo(-1);
    }

    @Test
    void theAxisKeepsBetweenTenAndAHundredTwentyRoundBuckets() {
        for (long span : new long[] {S / 50, S, 7 * S, 21 * S, 99 * S, 3_601 * S, 86_400 * S}) {
            for (int target : new int[] {10, 37, 120}) {
                long width = TimeAxis.width(span, target);
                double buckets = (double) span / width;
                assertThat(buckets).as("span %d ns, target %d", span, target).isLessThanOrEqualTo(TimeAxis.MAX_BUCKETS);
                if (width > TimeAxis.MIN_WIDTH_NS) {
                    assertThat(buckets)
                            .as("span %d ns, target %d", span, target)
                            .isGreaterThanOrEqualTo(10);
                }
                double mantissa = width / Math.pow(10, Math.floor(Math.log10(width)));
                assertThat(mantissa).isIn(1.0, 2.0, 5.0);
            }
        }
    }

    @Test
    void aWarmUpBeforeTheFirstStageIsOffTheAxis() {
        // the run starts at 0, a warm-up runs until 28 s, the measured stage runs from 28 s to 48 s
        List<RequestRecord> rs = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            rs.add(RecordBuilder.at(28 * S + i * 50 * MS).build());
        }
        TimeAxis axis = TimeAxis.of(rs, 0, List.of(new StageWindow("Server", 28 * S, 48 * S)));
        assertThat(axis.originNs()).isGreaterThan(25 * S).isLessThanOrEqualTo(28 * S);
        assertThat(axis.domain()[1]).isGreaterThanOrEqualTo(48);
        assertThat(TimeAxis.of(List.of(), 0, List.of()).originNs()).isZero();
    }
}
