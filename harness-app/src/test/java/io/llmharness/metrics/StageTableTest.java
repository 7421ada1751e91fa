package io.llmharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StageTableTest {

    private static final long MS = 1_000_000L;
    private static final List<Double> PCT = List.of(0.1, 1.0, 5.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.9);

    /** A streamed request: scheduled at {@code at}, sent 1 ms later, first token after ttft, one token per itl. */
    static RequestRecord streamed(long at, long ttft, long itl, int tokens, long inputTokens) {
        long sent = at + MS;
        long first = at + ttft;
        long[] chunks = new long[tokens];
        for (int i = 0; i < tokens; i++) {
            chunks[i] = first + i * itl;
        }
        long done = chunks[tokens - 1];
        return new RequestRecord(
                0,
                0,
                "u",
                0,
                1,
                true,
                at,
                at,
                at,
                sent,
                sent,
                sent,
                ABSENT(),
                first,
                done,
                done,
                tokens,
                itl,
                inputTokens,
                tokens,
                TokenCountSource.SERVER_USAGE,
                200,
                0,
                Outcome.OK,
                chunks);
    }

    static long ABSENT() {
        return RequestRecord.ABSENT;
    }

    static RequestRecord failed(long at, Outcome o) {
        return new RequestRecord(
                0,
                0,
                "u",
                0,
                1,
                true,
                at,
                at,
                at,
                at,
                at,
                ABSENT(),
                ABSENT(),
                ABSENT(),
                ABSENT(),
                at + 5 * MS,
                0,
                0,
                -1,
                -1,
                TokenCountSource.NONE,
                500,
                0,
                o,
                null);
    }

    @Test
    void percentilesEqualExactSortedPercentilesWithinTheHistogramsPrecision() {
        Random rnd = new Random(11);
        long[] values = new long[100_000];
        SummaryStats.Builder b = new SummaryStats.Builder();
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) Math.exp(10 + 4 * rnd.nextGaussian()) + 1; // latencies over 7 orders of magnitude
            b.add(values[i]);
        }
        SummaryStats s = b.build(PCT);
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        for (double p : PCT) {
            long exact = sorted[(int) Math.max(1, Math.round(p / 100 * sorted.length)) - 1]; // nearest rank
            assertThat(s.percentile(p)).as("p%s", p).isBetween(exact, exact + exact / 1000 + 1);
        }
        double mean = Arrays.stream(values).average().orElseThrow();
        double sd = Math.sqrt(
                Arrays.stream(values).mapToDouble(v -> (v - mean) * (v - mean)).sum() / values.length);
        assertThat(s.mean()).isCloseTo(mean, within(mean * 1e-9));
        assertThat(s.stdDev()).isCloseTo(sd, within(sd * 1e-6));
        assertThat(s.min()).isEqualTo(sorted[0]);
        assertThat(s.max()).isEqualTo(sorted[sorted.length - 1]);
        assertThat(s.count()).isEqualTo(values.length);
    }

    @Test
    void everyMetricOfTheSeedsTableFromKnownTimings() {
        List<StageSample> samples = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            // ttft 100 ms, 10 tokens 20 ms apart: tpot 20 ms, e2e 280 ms, ntpot 28 ms, time per request 300 ms
            samples.add(new StageSample(streamed(i * 1000 * MS, 100 * MS, 20 * MS, 10, 50), 49, i == 0 ? 11 : 10));
        }
        StageMetrics m = StageTable.compute(samples, 0, Long.MAX_VALUE, 1.0, 0, SloSpec.NONE, PCT);
        assertThat(m.requests()).isEqualTo(10);
        assertThat(m.succeeded()).isEqualTo(10);
        assertThat(m.latency("ttft").mean()).isEqualTo(100.0 * MS);
        assertThat(m.latency("ttft_from_send").mean()).isEqualTo(99.0 * MS);
        assertThat(m.latency("tpot").mean()).isEqualTo(20.0 * MS);
        assertThat(m.latency("itl_chunk").count()).isEqualTo(90);
        assertThat(m.latency("itl_chunk").percentile(50.0)).isBetween(20 * MS, 20 * MS + 20_000);
        assertThat(m.latency("itl_token").mean()).isEqualTo(20.0 * MS);
        assertThat(m.latency("e2e_latency").mean()).isEqualTo(280.0 * MS);
        assertThat(m.latency("ntpot").mean()).isEqualTo(28.0 * MS);
        assertThat(m.latency("time_per_request").mean()).isEqualTo(300.0 * MS);
        assertThat(m.latency("schedule_delay").max()).isZero();
        // 9 s + 280 ms from first scheduled start to last completion
        assertThat(m.durationNs()).isEqualTo(9_280 * MS);
        assertThat(m.throughput().requestsPerSecond()).isCloseTo(10 / 9.28, within(1e-9));
        assertThat(m.throughput().outputTokensPerSecond()).isCloseTo(100 / 9.28, within(1e-9));
        assertThat(m.throughput().inputTokensPerSecond()).isCloseTo(500 / 9.28, within(1e-9));
        assertThat(m.inputTotal()).isEqualTo(500);
        assertThat(m.load().achievedRate()).isCloseTo(1.0, within(1e-12));
        assertThat(m.load().requestedRate()).isEqualTo(1.0);
        assertThat(m.tokenCounts().compared()).isEqualTo(10);
        assertThat(m.tokenCounts().mismatches()).isEqualTo(1);
        assertThat(m.tokenCounts().mismatchRate()).isEqualTo(0.1);
        assertThat(m.tokenCounts().source()).isEqualTo("server usage");
        assertThat(m.failures().failed()).isZero();
        assertThat(m.goodput()).isNull();
    }

    @Test
    void requestsBelongToTheWindowThatScheduledThemAndFailuresKeepTheirReasons() {
        List<StageSample> samples = new ArrayList<>();
        samples.add(new StageSample(streamed(0, 100 * MS, 10 * MS, 5, 10), -1, -1));
        // scheduled inside the window, finished long after it: still counted here
        samples.add(new StageSample(streamed(900 * MS, 5_000 * MS, 10 * MS, 5, 10), -1, -1));
        samples.add(new StageSample(failed(500 * MS, new Outcome.HttpError(503, "overloaded", null, false)), -1, -1));
        samples.add(new StageSample(failed(600 * MS, new Outcome.HttpError(503, "overloaded", null, false)), -1, -1));
        samples.add(new StageSample(
                failed(700 * MS, new Outcome.Timeout(io.llmharness.client.record.TimeoutPhase.TOTAL, 30_000)), -1, -1));
        samples.add(new StageSample(streamed(1_000 * MS, 100 * MS, 10 * MS, 5, 10), -1, -1)); // next stage
        StageMetrics m = StageTable.compute(samples, 0, 1_000 * MS, Double.NaN, 4, SloSpec.NONE, PCT);
        assertThat(m.requests()).isEqualTo(5);
        assertThat(m.succeeded()).isEqualTo(2);
        assertThat(m.failures().failed()).isEqualTo(3);
        assertThat(m.failures().rate()).isEqualTo(0.6);
        assertThat(m.failures().byKind())
                .containsEntry(Outcome.Kind.HTTP_ERROR, 2L)
                .containsEntry(Outcome.Kind.TIMEOUT, 1L);
        assertThat(m.failures().messages().get(0).message()).isEqualTo("HTTP 503: overloaded");
        assertThat(m.failures().messages().get(0).count()).isEqualTo(2);
        assertThat(m.latency("ttft").max()).isGreaterThanOrEqualTo(5_000 * MS);
        assertThat(m.load().concurrency()).isEqualTo(4);
        assertThat(m.load().requestedRate()).isNaN();
    }

    @Test
    void goodputCountsRequestsMeetingEverySlo() {
        List<StageSample> samples = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            samples.add(new StageSample(streamed(i * 100 * MS, (50 + 100 * i) * MS, 10 * MS, 11, 10), -1, -1));
        }
        SloSpec slo = SloSpec.NONE.with(LatencyMetric.TTFT, 200 * MS).with(LatencyMetric.TPOT, 10 * MS);
        StageMetrics m = StageTable.compute(samples, 0, Long.MAX_VALUE, 10, 0, slo, PCT);
        assertThat(m.goodput().goodRequests()).isEqualTo(2); // ttft 50 and 150 ms
        assertThat(m.goodput().attainment()).containsEntry("ttft", 0.5).containsEntry("tpot", 1.0);
        assertThat(m.goodput().requestsPerSecond()).isCloseTo(2 / m.durationSeconds(), within(1e-9));
    }
}
