package io.llmharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.transport.EndpointStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Per-server summaries of a run with several servers, and the balance verdict on them. */
class ServerMetricsTest {

    private static final String A = "http://a:8000";
    private static final String B = "http://b:8000";
    private static final String C = "http://c:8000";

    /** {@code n} successful streams to server {@code index}, TTFT {@code ttftNs}, started 1 µs apart from 0. */
    private static void add(
            List<io.llmharness.client.record.RequestRecord> rs, int index, String url, int n, long ttftNs) {
        for (int i = 0; i < n; i++) {
            long at = rs.size() * 1_000L;
            rs.add(RecordBuilder.at(at)
                    .id(rs.size())
                    .endpoint(index, url)
                    .firstToken(at + ttftNs)
                    .lastToken(at + ttftNs + 10)
                    .done(at + ttftNs + 10)
                    .build());
        }
    }

    private static EndpointStats stats(String url, long requests) {
        return new EndpointStats(url, requests, 0, 0, 1, 1, 0, 0);
    }

    @Test
    void oneServerHasNoBreakdown() {
        List<io.llmharness.client.record.RequestRecord> rs = new ArrayList<>();
        add(rs, 0, A, 5, 100);
        MetricSummary m =
                MetricSummary.compute(MetricSummaryTest.snapshot(0, rs), MeasureOptions.all(), List.of(stats(A, 5)));
        assertThat(m.servers()).isEmpty();
    }

    @Test
    void eachServerIsMeasuredOverTheRunsWindowSoTheFiguresAddUp() {
        List<io.llmharness.client.record.RequestRecord> rs = new ArrayList<>();
        add(rs, 0, A, 30, 100);
        add(rs, 1, B, 10, 300);
        MetricSummary m = MetricSummary.compute(
                MetricSummaryTest.snapshot(0, rs), MeasureOptions.all(), List.of(stats(A, 30), stats(B, 10)));
        assertThat(m.servers()).hasSize(2);
        ServerMetrics a = m.servers().get(0);
        ServerMetrics b = m.servers().get(1);
        assertThat(a.url()).isEqualTo(A);
        assertThat(a.share()).isEqualTo(0.75);
        assertThat(b.share()).isEqualTo(0.25);
        assertThat(a.metrics().window()).isEqualTo(m.window());
        assertThat(b.metrics().window()).isEqualTo(m.window());
        assertThat(a.metrics().latency(LatencyMetric.TTFT).p50()).isEqualTo(100);
        assertThat(b.metrics().latency(LatencyMetric.TTFT).p50()).isEqualTo(300);
        assertThat(a.metrics().throughput().requestsPerSecond()
                        + b.metrics().throughput().requestsPerSecond())
                .isCloseTo(m.throughput().requestsPerSecond(), org.assertj.core.api.Assertions.within(1e-6));
        assertThat(a.metrics().endpoints()).containsExactly(stats(A, 30));
    }

    @Test
    void aServerMoreThanOneAndAHalfTimesTheOthersIsTheOutlier() {
        List<io.llmharness.client.record.RequestRecord> rs = new ArrayList<>();
        add(rs, 0, A, 20, 1_000);
        add(rs, 1, B, 20, 1_100);
        add(rs, 2, C, 20, 3_000);
        MetricSummary m = MetricSummary.compute(
                MetricSummaryTest.snapshot(0, rs),
                MeasureOptions.all(),
                List.of(stats(A, 20), stats(B, 20), stats(C, 20)));
        BalanceVerdict v = BalanceVerdict.of(m.servers());
        assertThat(v.metric()).isEqualTo(LatencyMetric.TTFT_FROM_SEND);
        assertThat(v.balanced()).isFalse();
        assertThat(v.outliers()).singleElement().satisfies(o -> {
            assertThat(o.server().url()).isEqualTo(C);
            // TTFT from send: the builder sends 40 ns after the scheduled time
            assertThat(o.othersNs()).isEqualTo(1_010);
        });
        assertThat(v.line()).startsWith("OUTLIER: " + C + " TTFT from send p50");
    }

    @Test
    void closeServersAreBalancedAndTooFewRequestsAreNotJudged() {
        List<io.llmharness.client.record.RequestRecord> rs = new ArrayList<>();
        add(rs, 0, A, 20, 1_000);
        add(rs, 1, B, 20, 1_400);
        add(rs, 2, C, 3, 9_000);
        MetricSummary m = MetricSummary.compute(
                MetricSummaryTest.snapshot(0, rs),
                MeasureOptions.all(),
                List.of(stats(A, 20), stats(B, 20), stats(C, 3)));
        BalanceVerdict v = BalanceVerdict.of(m.servers());
        assertThat(v.judged()).isEqualTo(2);
        assertThat(v.balanced()).isTrue();
        assertThat(v.line()).startsWith("balanced");
    }
}
