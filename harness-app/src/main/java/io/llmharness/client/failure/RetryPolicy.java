package io.llmharness.client.failure;

import io.llmharness.client.record.Outcome;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * When and after how long a request answered with 429 (rate limited, queue full) or 503 (overloaded, draining) is
 * sent again. Nothing else is retried: a 500, a timeout, an error event inside a stream that already started, or a
 * context-length 400 would fail the same way again, or would count tokens twice.
 *
 * <p>The wait before retry {@code k} (0-based) is the server's {@code Retry-After} when it sends one (seconds or an
 * HTTP date, capped at {@link #maxRetryAfterMs}), else {@code baseBackoffMs × 2^k} capped at {@link #maxBackoffMs}.
 * There is no jitter, so runs stay reproducible. The request's latency is still measured from its scheduled time,
 * so the waits show in every metric.
 *
 * @param maxRetries resends after a 429/503 answer; 0 = a 429/503 fails the request at once
 * @param baseBackoffMs the first wait when the server gives no {@code Retry-After}
 * @param maxBackoffMs the longest computed wait
 * @param maxRetryAfterMs the longest wait a {@code Retry-After} header can ask for
 */
public record RetryPolicy(int maxRetries, long baseBackoffMs, long maxBackoffMs, long maxRetryAfterMs) {

    /** The default: 3 resends after 100, 200 and 400 ms; {@code Retry-After} honoured up to 30 s. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(3, 100, 2_000, 30_000);

    /** Never resend. */
    public static final RetryPolicy NONE = new RetryPolicy(0, 100, 2_000, 30_000);

    public RetryPolicy {
        if (maxRetries < 0 || baseBackoffMs < 1 || maxBackoffMs < baseBackoffMs || maxRetryAfterMs < 0) {
            throw new IllegalArgumentException(
                    "retry policy needs maxRetries >= 0 and 1 <= baseBackoffMs <= maxBackoffMs");
        }
    }

    /** The default policy with this many resends. */
    public static RetryPolicy ofRetries(int maxRetries) {
        return new RetryPolicy(maxRetries, DEFAULT.baseBackoffMs, DEFAULT.maxBackoffMs, DEFAULT.maxRetryAfterMs);
    }

    /**
     * Whether a request that ended with this outcome after {@code retriesSoFar} resends should be sent again.
     * Only a 429/503 answered before any streamed data qualifies.
     */
    public boolean shouldRetry(Outcome outcome, int retriesSoFar) {
        return retriesSoFar < maxRetries && outcome instanceof Outcome.HttpError e && e.retryable() && !e.midStream();
    }

    /**
     * Milliseconds to wait before resend number {@code retry} (0-based).
     *
     * @param retryAfter the answer's {@code Retry-After} header, or null
     * @param nowMillis wall-clock time, for a {@code Retry-After} given as an HTTP date
     */
    public long delayMs(int retry, String retryAfter, long nowMillis) {
        long asked = retryAfterMs(retryAfter, nowMillis);
        if (asked >= 0) {
            return Math.min(asked, maxRetryAfterMs);
        }
        int shift = Math.min(retry, 30);
        long backoff = baseBackoffMs << shift;
        return backoff <= 0 || backoff > maxBackoffMs ? maxBackoffMs : backoff;
    }

    /**
     * A {@code Retry-After} value in milliseconds: delta-seconds ({@code 2}, also a decimal such as {@code 0.5}) or
     * an HTTP date; -1 when absent or unreadable (then the computed backoff applies).
     */
    static long retryAfterMs(String value, long nowMillis) {
        if (value == null) {
            return -1;
        }
        String v = value.strip();
        if (v.isEmpty()) {
            return -1;
        }
        char c = v.charAt(0);
        if (c >= '0' && c <= '9' || c == '.') {
            try {
                double seconds = Double.parseDouble(v);
                return seconds >= 0 && Double.isFinite(seconds) ? (long) Math.min(seconds * 1000.0, 1e12) : -1;
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        try {
            long at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant()
                    .toEpochMilli();
            return Math.max(0, at - nowMillis);
        } catch (DateTimeParseException e) {
            return -1;
        }
    }
}
