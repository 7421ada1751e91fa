package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.EndpointStats;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Every number of a summary over hand-built records. Latency values stay below 2048 ns, where an HdrHistogram
 * with 3 significant digits is exact, so percentiles and means are checked for equality.
 */
class MetricSummaryTest {

    static final Instant WALL = Instant.parse("2025-01-02T03:04:05Z");
    static final Outcome HTTP_500 = new Outcome.HttpError(500, "boom", null, false);
    static final Outcome CONNECT_TIMEOUT = new Outcome.Timeout(TimeoutPhase.CONNECT, 5000);

    static RecordSnapshot snapshot(long nanoAnchor, List<RequestRecord> records, long... chunkGaps) {
        Histogram chunks = new Histogram(3);
        for (long g : chunkGaps) {
            chunks.recordValue(g);
        }
        return new RecordSnapshot(WALL, nanoAnchor, records, chunks, new Histogram(3));
    }

    /** Four successful streams (ttft 100..400 ns, done at 1000) and three failures, all scheduled at 0. */
    static List<RequestRecord> mixed() {
        List<RequestRecord> rs = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            rs.add(RecordBuilder.at(0).id(i).firstToken(100L * i).build());
        }
        rs.add(RecordBuilder.at(0)
                .id(5)
                .firstToken(ABSENT)
                .lastToken(ABSENT)
                .done(600)
                .chunks(0, 0)
                .tokens(-1, -1, TokenCountSource.NONE)
                .status(500)
                .outcome(HTTP_500)
                .build());
        rs.add(RecordBuilder.at(0)
                .id(6)
                .firstToken(ABSENT)
                .lastToken(ABSENT)
                .done(650)
                .status(500)
                .outcome(HTTP_500)
                .build());
        rs.add(RecordBuilder.at(0).id(7).failedBeforeSend(CONNECT_TIMEOUT, 700).build());
        return rs;
    }

    static void assertDistribution(
            Distribution d, long count, double mean, long p50, long p90, long p95, long p99, long p999, long max) {
        assertThat(d).isEqualTo(new Distribution(count, mean, p50, p90, p95, p99, p999, max));
    }

    @Test
    void latencyDistributionsCoverSuccessfulRequestsOnly() {
        MetricSummary s =
                MetricSummary.compute(snapshot(-500, mixed(), 100, 200, 300), MeasureOptions.all(), List.of());
        assertDistribution(s.latency(LatencyMetric.TTFT), 4, 250, 200, 400, 400, 400, 400, 400);
        assertDistribution(s.latency(LatencyMetric.TTFT_FROM_SEND), 4, 210, 160, 360, 360, 360, 360, 360);
        assertDistribution(s.latency(LatencyMetric.E2E_LATENCY), 4, 1000, 1000, 1000, 1000, 1000, 1000, 1000);
        assertDistribution(s.latency(LatencyMetric.E2E_LATENCY_FROM_SEND), 4, 960, 960, 960, 960, 960, 960, 960);
        // tpot = (1000 − first) / 10: 90, 80, 70, 60
        assertDistribution(s.latency(LatencyMetric.TPOT), 4, 75, 70, 90, 90, 90, 90, 90);
        assertDistribution(s.latency(LatencyMetric.NTPOT), 4, 90, 90, 90, 90, 90, 90, 90);
        // ttft + tpot × 11: 1090, 1080, 1070, 1060
        assertDistribution(s.latency(LatencyMetric.TIME_PER_REQUEST), 4, 1075, 1070, 1090, 1090, 1090, 1090, 1090);
        assertDistribution(s.latency(LatencyMetric.ITL_CHUNK), 3, 200, 200, 300, 300, 300, 300, 300);
        assertThat(s.latency(LatencyMetric.ITL_TOKEN)).isEqualTo(Distribution.EMPTY);
    }

    @Test
    void harnessDelaysCoverFailedRequestsToo() {
        MetricSummary s = MetricSummary.compute(snapshot(0, mixed()), MeasureOptions.all(), List.of());
        assertDistribution(s.latency(LatencyMetric.SCHEDULE_DELAY), 7, 10, 10, 10, 10, 10, 10, 10);
        // the connect timeout never got a connection
        assertDistribution(s.latency(LatencyMetric.CONNECTION_WAIT), 6, 20, 20, 20, 20, 20, 20, 20);
    }

    @Test
    void failuresAreCountedByKindAndMessage() {
        MetricSummary s = MetricSummary.compute(snapshot(0, mixed()), MeasureOptions.all(), List.of());
        assertThat(s.requests()).isEqualTo(new RequestCounts(7, 7, 4, 3, 4));
        assertThat(s.failureRate()).isEqualTo(3.0 / 7);
        FailureSummary f = s.failures();
        assertThat(f.failed()).isEqualTo(3);
        assertThat(f.byKind())
                .containsExactly(
                        Map.entry(Outcome.Kind.HTTP_ERROR, 2L),
                        Map.entry(Outcome.Kind.TIMEOUT, 1L),
                        Map.entry(Outcome.Kind.TRANSPORT_ERROR, 0L),
                        Map.entry(Outcome.Kind.PROTOCOL_ERROR, 0L),
                        Map.entry(Outcome.Kind.INVALID_REQUEST, 0L),
                        Map.entry(Outcome.Kind.CANCELLED, 0L));
        assertThat(f.messages())
                .containsExactly(
                        new FailureSummary.Message(Outcome.Kind.HTTP_ERROR, "HTTP 500: boom", 2),
                        new FailureSummary.Message(Outcome.Kind.TIMEOUT, "connect timeout after 5000 ms", 1));
    }

    @Test
    void failureMessagesAreCappedMostFrequentFirst() {
        List<RequestRecord> rs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            for (int n = 0; n <= i % 3; n++) {
                rs.add(RecordBuilder.at(0)
                        .outcome(new Outcome.ProtocolError("bad " + (char) ('a' + i)))
                        .build());
            }
        }
        List<FailureSummary.Message> m = MetricSummary.compute(snapshot(0, rs), MeasureOptions.all(), List.of())
                .failures()
                .messages();
        assertThat(m).hasSize(FailureSummary.MAX_MESSAGES);
        // i % 3 == 2 fails 3 times (c f i l), == 1 twice (b e h k), == 0 once (a d g j): ties sorted by text
        assertThat(m)
                .extracting(FailureSummary.Message::message)
                .containsExactly(Stream.of("c", "f", "i", "l", "b", "e", "h", "k", "a", "d")
                        .map(x -> "bad response: bad " + x)
                        .toArray(String[]::new));
        assertThat(m).extracting(FailureSummary.Message::count).containsExactly(3L, 3L, 3L, 3L, 2L, 2L, 2L, 2L, 1L, 1L);
    }

    @Test
    void windowIsRelativeToTheRunStartAndEndsAtTheLastCompletion() {
        MetricSummary s = MetricSummary.compute(snapshot(-500, mixed()), MeasureOptions.all(), List.of());
        MeasuredWindow w = s.window();
        assertThat(w).isEqualTo(new MeasuredWindow(null, null, 500, 1500, WALL.plusNanos(500), WALL.plusNanos(1500)));
        assertThat(w.durationNs()).isEqualTo(1000);
        // 4 successful requests, 44 output and 20 input tokens in 1 µs
        assertThat(s.throughput()).isEqualTo(new Throughput(4e6, 44e6, 20e6, Double.NaN));
    }

    @Test
    void boundedWindowSelectsRequestsByStartTime() {
        long s1 = 1_000_000_000L;
        List<RequestRecord> rs = List.of(
                RecordBuilder.at(0).id(0).done(s1).build(), // warm-up, before the window
                RecordBuilder.at(2 * s1)
                        .id(1)
                        .done(3 * s1)
                        .tokens(100, 50, TokenCountSource.SERVER_USAGE)
                        .build(),
                RecordBuilder.at(5 * s1)
                        .id(2)
                        .done(7 * s1)
                        .tokens(200, 150, TokenCountSource.SERVER_USAGE)
                        .build(),
                RecordBuilder.at(6 * s1)
                        .id(5)
                        .done(6 * s1 + 100)
                        .outcome(HTTP_500)
                        .build(),
                RecordBuilder.at(11 * s1 + s1 / 2)
                        .id(3)
                        .done(13 * s1)
                        .tokens(300, 100, TokenCountSource.SERVER_USAGE)
                        .build(),
                RecordBuilder.at(12 * s1).id(4).done(14 * s1).build()); // at the (exclusive) end
        MetricSummary s = MetricSummary.compute(snapshot(0, rs), MeasureOptions.window(2 * s1, 12 * s1), List.of());
        assertThat(s.window())
                .isEqualTo(new MeasuredWindow(
                        2 * s1, 12 * s1, 2 * s1, 13 * s1, WALL.plusSeconds(2), WALL.plusSeconds(13)));
        assertThat(s.window().durationSeconds()).isEqualTo(11.0);
        assertThat(s.requests()).isEqualTo(new RequestCounts(6, 4, 3, 1, 3));
        assertThat(s.throughput().requestsPerSecond()).isEqualTo(3 / 11.0);
        assertThat(s.throughput().outputTokensPerSecond()).isEqualTo(300 / 11.0);
        assertThat(s.throughput().inputTokensPerSecond()).isEqualTo(600 / 11.0);
        assertThat(s.throughput().goodput()).isNaN();
        assertThat(s.failureRate()).isEqualTo(0.25);
        assertThat(s.tokens().inputTotal()).isEqualTo(600);
        assertThat(s.tokens().outputTotal()).isEqualTo(300);
    }

    @Test
    void windowWithoutLaterCompletionsEndsAtItsEnd() {
        List<RequestRecord> rs = List.of(RecordBuilder.at(100).build()); // done at 1100
        MetricSummary s = MetricSummary.compute(snapshot(0, rs), MeasureOptions.window(50, 5000), List.of());
        assertThat(s.window().startNs()).isEqualTo(50);
        assertThat(s.window().endNs()).isEqualTo(5000);
    }

    @Test
    void goodputCountsSuccessfulRequestsMeetingEverySlo() {
        SloSpec slo = SloSpec.NONE.with(LatencyMetric.TTFT, 250).with(LatencyMetric.E2E_LATENCY, 1000);
        MetricSummary s =
                MetricSummary.compute(snapshot(0, mixed()), MeasureOptions.all().withSlos(slo), List.of());
        // ttft 100 and 200 meet both; the window is 1000 ns long
        assertThat(s.throughput().goodput()).isEqualTo(2e6);
        assertThat(s.slos()).isEqualTo(slo);
        SloSpec strictE2e = slo.with(LatencyMetric.E2E_LATENCY, 999);
        assertThat(MetricSummary.compute(
                                snapshot(0, mixed()), MeasureOptions.all().withSlos(strictE2e), List.of())
                        .throughput()
                        .goodput())
                .isZero();
    }

    @Test
    void sloOnAMetricARequestLacksDoesNotCountAgainstIt() {
        List<RequestRecord> rs = List.of(
                RecordBuilder.at(0).outputTokens(1).build(), // no tpot
                RecordBuilder.at(0).build()); // tpot 90
        SloSpec slo = SloSpec.NONE.with(LatencyMetric.TPOT, 50);
        MetricSummary s =
                MetricSummary.compute(snapshot(0, rs), MeasureOptions.all().withSlos(slo), List.of());
        assertThat(s.throughput().goodput()).isEqualTo(1e6);
    }

    @Test
    void sloSpecRejectsPooledMetricsAndNegativeBounds() {
        assertThatThrownBy(() -> SloSpec.NONE.with(LatencyMetric.ITL_CHUNK, 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("itl_chunk");
        assertThatThrownBy(() -> SloSpec.NONE.with(LatencyMetric.TTFT, -1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MeasureOptions.window(10, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tokenCountsKeepTheirProvenance() {
        List<RequestRecord> rs = List.of(
                RecordBuilder.at(0).tokens(10, 20, TokenCountSource.TOKEN_IDS).build(),
                RecordBuilder.at(0)
                        .tokens(30, 40, TokenCountSource.SERVER_USAGE)
                        .build(),
                RecordBuilder.at(0)
                        .tokens(-1, 60, TokenCountSource.CHUNK_ESTIMATE)
                        .build(),
                RecordBuilder.at(0)
                        .tokens(-1, -1, TokenCountSource.NONE)
                        .outcome(HTTP_500)
                        .build());
        TokenSummary t = MetricSummary.compute(snapshot(0, rs), MeasureOptions.all(), List.of())
                .tokens();
        assertThat(t.inputTotal()).isEqualTo(40);
        assertThat(t.outputTotal()).isEqualTo(120);
        assertThat(t.inputUnknown()).isEqualTo(1);
        assertThat(t.outputSources())
                .containsExactly(
                        Map.entry(TokenCountSource.TOKEN_IDS, 1L),
                        Map.entry(TokenCountSource.SERVER_USAGE, 1L),
                        Map.entry(TokenCountSource.CHUNK_ESTIMATE, 1L),
                        Map.entry(TokenCountSource.NONE, 0L));
        assertThat(t.outputEstimated()).isTrue();
        assertDistribution(t.input(), 2, 20, 10, 30, 30, 30, 30, 30);
        assertDistribution(t.output(), 3, 40, 40, 60, 60, 60, 60, 60);
    }

    @Test
    void batchAndNonStreamedRequestsEnterOnlyTheMetricsTheyHave() {
        List<RequestRecord> rs = List.of(
                RecordBuilder.at(0).prompts(4).outputTokens(44).build(),
                RecordBuilder.at(0).stream(false)
                        .firstToken(1000)
                        .lastToken(1000)
                        .build());
        MetricSummary s = MetricSummary.compute(snapshot(0, rs), MeasureOptions.all(), List.of());
        assertThat(s.requests().streamed()).isEqualTo(1);
        assertThat(s.latency(LatencyMetric.TTFT).count()).isEqualTo(1);
        assertDistribution(s.latency(LatencyMetric.TPOT), 1, 90, 90, 90, 90, 90, 90, 90);
        assertDistribution(s.latency(LatencyMetric.TIME_PER_REQUEST), 1, 1090, 1090, 1090, 1090, 1090, 1090, 1090);
        assertThat(s.latency(LatencyMetric.E2E_LATENCY).count()).isEqualTo(2);
        assertDistribution(s.latency(LatencyMetric.NTPOT), 2, 90, 90, 90, 90, 90, 90, 90);
    }

    @Test
    void negativeDifferencesCountAsZero() {
        List<RequestRecord> rs = List.of(RecordBuilder.at(100).issued(90).build());
        MetricSummary s = MetricSummary.compute(snapshot(0, rs), MeasureOptions.all(), List.of());
        assertDistribution(s.latency(LatencyMetric.SCHEDULE_DELAY), 1, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void emptySnapshotGivesEmptyDistributionsAndUndefinedRates() {
        MetricSummary s = MetricSummary.compute(
                new RecordSnapshot(WALL, 42, List.of(), null, null), MeasureOptions.all(), List.of());
        assertThat(s.requests()).isEqualTo(new RequestCounts(0, 0, 0, 0, 0));
        assertThat(s.latency().values()).allMatch(Distribution::isEmpty);
        assertThat(s.window()).isEqualTo(new MeasuredWindow(null, null, 0, 0, WALL, WALL));
        assertThat(s.throughput()).isEqualTo(new Throughput(Double.NaN, Double.NaN, Double.NaN, Double.NaN));
        assertThat(s.failureRate()).isNaN();
        assertThat(s.failures().messages()).isEmpty();
    }

    @Test
    void endpointStatsArePassedThroughInOrder() {
        List<EndpointStats> e = List.of(
                new EndpointStats("http://a:8000", 10, 1, 0, 4, 4, 0, 0),
                new EndpointStats("http://b:8000", 9, 0, 0, 3, 5, 1, 2));
        assertThat(MetricSummary.compute(snapshot(0, mixed()), MeasureOptions.all(), e)
                        .endpoints())
                .isEqualTo(e);
    }

    @Test
    void summaryIsImmutable() {
        List<RequestRecord> rs = new ArrayList<>(mixed());
        MetricSummary s = MetricSummary.compute(snapshot(0, rs), MeasureOptions.all(), new ArrayList<>());
        rs.clear();
        assertThat(s.requests().recorded()).isEqualTo(7);
        assertThatThrownBy(() -> s.latency().put(LatencyMetric.TTFT, Distribution.EMPTY))
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.failures().byKind().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.tokens().outputSources().clear()).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.endpoints().add(null)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> s.slos().thresholdsNs().clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void realisticLatenciesAreWithinTheHistogramPrecision() {
        List<RequestRecord> rs = new ArrayList<>();
        for (int ms = 1; ms <= 1000; ms++) {
            rs.add(RecordBuilder.at(0)
                    .firstToken(ms * 1_000_000L)
                    .done(2_000_000_000L)
                    .build());
        }
        Distribution d = MetricSummary.compute(snapshot(0, rs), MeasureOptions.all(), List.of())
                .latency(LatencyMetric.TTFT);
        assertThat(d.count()).isEqualTo(1000);
        assertThat(d.mean()).isCloseTo(500.5e6, within(500.5e6 * 0.001));
        assertWithinPrecision(d.p50(), 500_000_000L);
        assertWithinPrecision(d.p90(), 900_000_000L);
        assertWithinPrecision(d.p95(), 950_000_000L);
        assertWithinPrecision(d.p99(), 990_000_000L);
        assertWithinPrecision(d.p999(), 999_000_000L);
        assertWithinPrecision(d.max(), 1_000_000_000L);
    }

    /** HdrHistogram reports the highest value equivalent to the recorded one: never below, at most 0.1% above. */
    private static void assertWithinPrecision(long reported, long exact) {
        assertThat(reported).isBetween(exact, exact + exact / 1000);
    }
}
