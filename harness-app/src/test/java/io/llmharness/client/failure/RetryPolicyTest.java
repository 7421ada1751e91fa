package io.llmharness.client.failure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.TimeoutPhase;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private static final RetryPolicy P = new RetryPolicy(3, 100, 2_000, 30_000);

    @Test
    void onlyOverloadAnswersBeforeAnyDataAreResentAndOnlyUpToTheLimit() {
        Outcome rateLimited = new Outcome.HttpError(429, "queue full", "RateLimitError", false);
        Outcome draining = new Outcome.HttpError(503, "shutting down", null, false);
        assertThat(P.shouldRetry(rateLimited, 0)).isTrue();
        assertThat(P.shouldRetry(draining, 2)).isTrue();
        assertThat(P.shouldRetry(draining, 3)).isFalse();
        assertThat(RetryPolicy.NONE.shouldRetry(rateLimited, 0)).isFalse();

        assertThat(P.shouldRetry(new Outcome.HttpError(429, "in stream", null, true), 0))
                .isFalse();
        assertThat(P.shouldRetry(new Outcome.HttpError(500, "boom", null, false), 0))
                .isFalse();
        assertThat(P.shouldRetry(new Outcome.HttpError(400, "maximum context length", null, false), 0))
                .isFalse();
        assertThat(P.shouldRetry(new Outcome.Timeout(TimeoutPhase.HEADERS, 10), 0))
                .isFalse();
        assertThat(P.shouldRetry(new Outcome.Cancelled("stop"), 0)).isFalse();
        assertThat(P.shouldRetry(Outcome.OK, 0)).isFalse();
    }

    @Test
    void backoffDoublesFromTheBaseAndStopsAtTheCap() {
        assertThat(P.delayMs(0, null, 0)).isEqualTo(100);
        assertThat(P.delayMs(1, null, 0)).isEqualTo(200);
        assertThat(P.delayMs(2, null, 0)).isEqualTo(400);
        assertThat(P.delayMs(4, null, 0)).isEqualTo(1_600);
        assertThat(P.delayMs(5, null, 0)).isEqualTo(2_000);
        assertThat(P.delayMs(62, null, 0)).isEqualTo(2_000);
        assertThat(P.delayMs(1_000, null, 0)).isEqualTo(2_000);
    }

    @Test
    void retryAfterInSecondsOrAsAnHttpDateWinsUpToItsCap() {
        assertThat(P.delayMs(0, "2", 0)).isEqualTo(2_000);
        assertThat(P.delayMs(3, " 0 ", 0)).isZero();
        assertThat(P.delayMs(0, "0.25", 0)).isEqualTo(250);
        assertThat(P.delayMs(0, "3600", 0)).isEqualTo(30_000);

        long now = Instant.parse("2026-11-21T10:00:00Z").toEpochMilli();
        String in5s = DateTimeFormatter.RFC_1123_DATE_TIME.format(
                Instant.parse("2026-11-21T10:00:05Z").atOffset(ZoneOffset.UTC));
        assertThat(P.delayMs(0, in5s, now)).isEqualTo(5_000);
        assertThat(P.delayMs(0, "Fri, 20 Nov 2026 10:00:00 GMT", now)).isZero();

        // unreadable values fall back to the computed backoff
        assertThat(P.delayMs(1, "soon", 0)).isEqualTo(200);
        assertThat(P.delayMs(1, "-5", 0)).isEqualTo(200);
        assertThat(P.delayMs(1, "", 0)).isEqualTo(200);
        assertThat(P.delayMs(1, "1e400", 0)).isEqualTo(200);
    }

    @Test
    void nonsenseSettingsAreRejected() {
        assertThatThrownBy(() -> new RetryPolicy(-1, 100, 2_000, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryPolicy(1, 0, 2_000, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RetryPolicy(1, 500, 100, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(RetryPolicy.ofRetries(5).maxRetries()).isEqualTo(5);
        assertThat(RetryPolicy.ofRetries(5).baseBackoffMs()).isEqualTo(RetryPolicy.DEFAULT.baseBackoffMs());
    }
}
