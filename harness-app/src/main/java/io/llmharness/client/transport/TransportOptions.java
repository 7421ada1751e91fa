package io.llmharness.client.transport;

import java.util.Map;

/**
 * How the client talks HTTP. Immutable; {@link #defaults()} suits real servers.
 *
 * @param connectTimeoutMs TCP connect timeout, ms
 * @param headersTimeoutMs longest wait for response headers after the request was sent, ms (non-streamed
 *     responses send headers only after generation ends, so this must cover a whole generation)
 * @param idleTimeoutMs longest silence between two reads of a response body, ms (a stalled stream)
 * @param totalTimeoutMs longest whole request, from dispatch to done, ms; 0 = no limit
 * @param poolIdleSeconds idle pooled connections are closed after this many seconds; keep it below the server's
 *     keep-alive timeout (uvicorn: 5 s) so the client closes first
 * @param maxEventBytes largest accepted SSE event, bytes
 * @param maxBodyBytes largest accepted non-streamed body, bytes
 * @param maxErrorBodyBytes error bodies are read up to this many bytes, the rest is dropped
 * @param retryStaleConnection resend once on a fresh connection when a reused pooled connection fails before any
 *     response byte arrived
 * @param headers extra request headers (e.g. {@code Authorization: Bearer …})
 * @param requestIdPrefix when set, every request carries {@code X-Request-Id: <prefix><request_id>} (the record's
 *     id), so a server's logs and ground truth ({@code /sim/timings}) can be matched with requests.csv; null = none
 */
public record TransportOptions(
        int connectTimeoutMs,
        long headersTimeoutMs,
        long idleTimeoutMs,
        long totalTimeoutMs,
        int poolIdleSeconds,
        int maxEventBytes,
        int maxBodyBytes,
        int maxErrorBodyBytes,
        boolean retryStaleConnection,
        Map<String, String> headers,
        String requestIdPrefix) {

    public TransportOptions {
        if (connectTimeoutMs <= 0 || headersTimeoutMs <= 0 || idleTimeoutMs <= 0 || totalTimeoutMs < 0) {
            throw new IllegalArgumentException("timeouts must be > 0 (total: >= 0)");
        }
        if (poolIdleSeconds <= 0 || maxEventBytes <= 0 || maxBodyBytes <= 0 || maxErrorBodyBytes <= 0) {
            throw new IllegalArgumentException("pool idle time and size limits must be > 0");
        }
        headers = headers == null ? Map.of() : Map.copyOf(headers);
    }

    /** Options without request ids (the layout before {@code requestIdPrefix} existed). */
    public TransportOptions(
            int connectTimeoutMs,
            long headersTimeoutMs,
            long idleTimeoutMs,
            long totalTimeoutMs,
            int poolIdleSeconds,
            int maxEventBytes,
            int maxBodyBytes,
            int maxErrorBodyBytes,
            boolean retryStaleConnection,
            Map<String, String> headers) {
        this(
                connectTimeoutMs,
                headersTimeoutMs,
                idleTimeoutMs,
                totalTimeoutMs,
                poolIdleSeconds,
                maxEventBytes,
                maxBodyBytes,
                maxErrorBodyBytes,
                retryStaleConnection,
                headers,
                null);
    }

    /** These options with request ids sent as {@code X-Request-Id: <prefix><id>} (null = none). */
    public TransportOptions withRequestIdPrefix(String prefix) {
        return new TransportOptions(
                connectTimeoutMs,
                headersTimeoutMs,
                idleTimeoutMs,
                totalTimeoutMs,
                poolIdleSeconds,
                maxEventBytes,
                maxBodyBytes,
                maxErrorBodyBytes,
                retryStaleConnection,
                headers,
                prefix);
    }

    /** Connect 10 s, headers 30 min, idle 10 min, no total limit, pool idle 3 s, 16 MiB events, 512 MiB bodies. */
    public static TransportOptions defaults() {
        return new TransportOptions(10_000, 1_800_000, 600_000, 0, 3, 16 << 20, 512 << 20, 64 << 10, true, Map.of());
    }

    public TransportOptions withTimeouts(int connectMs, long headersMs, long idleMs, long totalMs) {
        return new TransportOptions(
                connectMs,
                headersMs,
                idleMs,
                totalMs,
                poolIdleSeconds,
                maxEventBytes,
                maxBodyBytes,
                maxErrorBodyBytes,
                retryStaleConnection,
                headers,
                requestIdPrefix);
    }

    public TransportOptions withLimits(int eventBytes, int bodyBytes) {
        return new TransportOptions(
                connectTimeoutMs,
                headersTimeoutMs,
                idleTimeoutMs,
                totalTimeoutMs,
                poolIdleSeconds,
                eventBytes,
                bodyBytes,
                maxErrorBodyBytes,
                retryStaleConnection,
                headers,
                requestIdPrefix);
    }

    public TransportOptions withPoolIdleSeconds(int seconds) {
        return new TransportOptions(
                connectTimeoutMs,
                headersTimeoutMs,
                idleTimeoutMs,
                totalTimeoutMs,
                seconds,
                maxEventBytes,
                maxBodyBytes,
                maxErrorBodyBytes,
                retryStaleConnection,
                headers,
                requestIdPrefix);
    }

    public TransportOptions withHeaders(Map<String, String> h) {
        return new TransportOptions(
                connectTimeoutMs,
                headersTimeoutMs,
                idleTimeoutMs,
                totalTimeoutMs,
                poolIdleSeconds,
                maxEventBytes,
                maxBodyBytes,
                maxErrorBodyBytes,
                retryStaleConnection,
                h,
                requestIdPrefix);
    }

    public TransportOptions withRetryStaleConnection(boolean retry) {
        return new TransportOptions(
                connectTimeoutMs,
                headersTimeoutMs,
                idleTimeoutMs,
                totalTimeoutMs,
                poolIdleSeconds,
                maxEventBytes,
                maxBodyBytes,
                maxErrorBodyBytes,
                retry,
                headers,
                requestIdPrefix);
    }

    /** Shortest configured timeout, ms: the sweep runs often enough to honour it. */
    long shortestTimeoutMs() {
        long m = Math.min(headersTimeoutMs, idleTimeoutMs);
        return totalTimeoutMs > 0 ? Math.min(m, totalTimeoutMs) : m;
    }
}
