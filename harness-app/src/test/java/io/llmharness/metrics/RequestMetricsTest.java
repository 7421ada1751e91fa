package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.client.record.TokenCountSource;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestMetricsTest {

    private static Map<LatencyMetric, Long> values(RequestRecord r) {
        Map<LatencyMetric, Long> out = new EnumMap<>(LatencyMetric.class);
        for (LatencyMetric m : LatencyMetric.values()) {
            if (m.perRequest()) {
                out.put(m, m.valueNs(r));
            }
        }
        return out;
    }

    @Test
    void streamedRequestHasEveryValue() {
        // scheduled 0, issued 10, connected 30, sent 40, first 100, done 1000, 11 tokens
        RequestRecord r = RecordBuilder.at(0).build();
        assertThat(values(r))
                .containsEntry(LatencyMetric.TTFT, 100L)
                .containsEntry(LatencyMetric.TTFT_FROM_SEND, 60L)
                .containsEntry(LatencyMetric.E2E_LATENCY, 1000L)
                .containsEntry(LatencyMetric.E2E_LATENCY_FROM_SEND, 960L)
                .containsEntry(LatencyMetric.TPOT, 90L) // 900 / (11 − 1)
                .containsEntry(LatencyMetric.NTPOT, 90L) // 1000 / 11, truncated
                .containsEntry(LatencyMetric.TIME_PER_REQUEST, 1090L) // 100 + 90 × 11
                .containsEntry(LatencyMetric.SCHEDULE_DELAY, 10L)
                .containsEntry(LatencyMetric.CONNECTION_WAIT, 20L);
        assertThat(RequestMetrics.meanChunkGapNs(r)).isEqualTo(266); // (900 − 100) / (4 − 1)
        assertThat(RequestMetrics.startNs(r)).isZero();
    }

    @Test
    void singleTokenAnswerHasNoTpotAndItsTimePerRequestIsTheTtft() {
        RequestRecord r =
                RecordBuilder.at(0).outputTokens(1).chunks(1, 0).lastToken(100).build();
        assertThat(RequestMetrics.tpotNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.timePerRequestNs(r)).isEqualTo(100);
        assertThat(RequestMetrics.ntpotNs(r)).isEqualTo(1000);
        assertThat(RequestMetrics.meanChunkGapNs(r)).isEqualTo(ABSENT);
    }

    @Test
    void zeroTokenAnswerHasNoPerTokenValues() {
        RequestRecord r = RecordBuilder.at(0)
                .tokens(5, 0, TokenCountSource.NONE)
                .firstToken(ABSENT)
                .lastToken(ABSENT)
                .build();
        assertThat(RequestMetrics.ttftNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.tpotNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.ntpotNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.timePerRequestNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.e2eNs(r)).isEqualTo(1000);
    }

    @Test
    void batchRequestUsesTheMeanLengthPerPrompt() {
        // 4 prompts, 44 tokens in all: 11 per prompt decoded side by side between 100 and 1000
        RequestRecord r = RecordBuilder.at(0).prompts(4).outputTokens(44).build();
        assertThat(RequestMetrics.tpotNs(r)).isEqualTo(90); // 900 × 4 / 40
        assertThat(RequestMetrics.ntpotNs(r)).isEqualTo(90); // 1000 × 4 / 44 = 90.9, truncated
        assertThat(RequestMetrics.timePerRequestNs(r)).isEqualTo(1090); // 100 + 90 × 44 / 4
        RequestRecord onePerPrompt =
                RecordBuilder.at(0).prompts(4).outputTokens(4).build();
        assertThat(RequestMetrics.tpotNs(onePerPrompt)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.timePerRequestNs(onePerPrompt)).isEqualTo(100);
        assertThat(RequestMetrics.ntpotNs(onePerPrompt)).isEqualTo(1000);
    }

    @Test
    void nonStreamedRequestHasNoTokenTiming() {
        RequestRecord r = RecordBuilder.at(0).stream(false)
                .firstToken(1000)
                .lastToken(1000)
                .build();
        assertThat(RequestMetrics.ttftNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.ttftFromSendNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.tpotNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.timePerRequestNs(r)).isEqualTo(ABSENT);
        assertThat(RequestMetrics.e2eNs(r)).isEqualTo(1000);
        assertThat(RequestMetrics.e2eFromSendNs(r)).isEqualTo(960);
        assertThat(RequestMetrics.ntpotNs(r)).isEqualTo(90);
    }

    @Test
    void absentMilestonesGiveAbsentValues() {
        RequestRecord r = RecordBuilder.at(0)
                .failedBeforeSend(new Outcome.Timeout(TimeoutPhase.CONNECT, 5000), 700)
                .build();
        Map<LatencyMetric, Long> v = values(r);
        assertThat(v)
                .containsEntry(LatencyMetric.TTFT, ABSENT)
                .containsEntry(LatencyMetric.TTFT_FROM_SEND, ABSENT)
                .containsEntry(LatencyMetric.E2E_LATENCY, 700L)
                .containsEntry(LatencyMetric.E2E_LATENCY_FROM_SEND, ABSENT)
                .containsEntry(LatencyMetric.TPOT, ABSENT)
                .containsEntry(LatencyMetric.NTPOT, ABSENT)
                .containsEntry(LatencyMetric.TIME_PER_REQUEST, ABSENT)
                .containsEntry(LatencyMetric.SCHEDULE_DELAY, 10L)
                .containsEntry(LatencyMetric.CONNECTION_WAIT, ABSENT);
        assertThat(RequestMetrics.meanChunkGapNs(r)).isEqualTo(ABSENT);
    }

    @Test
    void startFallsBackFromScheduledToIssuedToDone() {
        assertThat(RequestMetrics.startNs(RecordBuilder.at(50).build())).isEqualTo(50);
        assertThat(RequestMetrics.startNs(RecordBuilder.at(50).scheduled(ABSENT).build()))
                .isEqualTo(60);
        assertThat(RequestMetrics.startNs(
                        RecordBuilder.at(50).scheduled(ABSENT).issued(ABSENT).build()))
                .isEqualTo(1050);
    }

    @Test
    void pooledMetricsHaveNoPerRequestValue() {
        assertThat(LatencyMetric.ITL_CHUNK.perRequest()).isFalse();
        assertThatThrownBy(() ->
                        LatencyMetric.ITL_TOKEN.valueNs(RecordBuilder.at(0).build()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("itl_token");
    }

    @Test
    void metricsAreNamedExactlyAsTheDesignTable() {
        assertThat(LatencyMetric.values())
                .extracting(LatencyMetric::key)
                .containsExactly(
                        "ttft",
                        "ttft_from_send",
                        "e2e_latency",
                        "e2e_latency_from_send",
                        "tpot",
                        "itl_chunk",
                        "itl_token",
                        "ntpot",
                        "time_per_request",
                        "schedule_delay",
                        "connection_wait");
        assertThat(LatencyMetric.byKey("ntpot")).isEqualTo(LatencyMetric.NTPOT);
        assertThatThrownBy(() -> LatencyMetric.byKey("latency")).isInstanceOf(IllegalArgumentException.class);
    }
}
