package io.llmharness.client.transport;

import io.llmharness.secret.Secret;
import io.llmharness.secret.Secrets;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

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
 * @param maxConnecting most connection attempts in progress at once per server: the pool opens connections only for
 *     waiting requests no busy connection will serve soon, and never more than this many at a time (a burst, a
 *     cold start or a server stall no longer turns into hundreds of simultaneous connection set-ups)
 * @param maxEventBytes largest accepted SSE event, bytes
 * @param maxBodyBytes largest accepted non-streamed body, bytes
 * @param maxErrorBodyBytes error bodies are read up to this many bytes, the rest is dropped
 * @param retryStaleConnection resend once on a fresh connection when a reused pooled connection fails before any
 *     response byte arrived, or any connection closes before the request was written
 * @param headers extra request headers, sent as given (a gateway's routing header, {@code X-Api-Key: …}); values
 *     of secret names ({@link Secrets#isSecretName}) never print
 * @param requestIdPrefix when set, every request carries {@code X-Request-Id: <prefix><request_id>} (the record's
 *     id), so a server's logs and ground truth ({@code /sim/timings}) can be matched with requests.csv; null = none
 * @param apiKey sent as {@code Authorization: Bearer <key>} with every request (and the control-plane calls); null
 *     = none
 * @param tls how {@code https://} servers are trusted
 */
public record TransportOptions(
        int connectTimeoutMs,
        long headersTimeoutMs,
        long idleTimeoutMs,
        long totalTimeoutMs,
        int poolIdleSeconds,
        int maxConnecting,
        int maxEventBytes,
        int maxBodyBytes,
        int maxErrorBodyBytes,
        boolean retryStaleConnection,
        Map<String, String> headers,
        String requestIdPrefix,
        Secret apiKey,
        TlsOptions tls) {

    public TransportOptions {
        if (connectTimeoutMs <= 0 || headersTimeoutMs <= 0 || idleTimeoutMs <= 0 || totalTimeoutMs < 0) {
            throw new IllegalArgumentException("timeouts must be > 0 (total: >= 0)");
        }
        if (poolIdleSeconds <= 0
                || maxConnecting <= 0
                || maxEventBytes <= 0
                || maxBodyBytes <= 0
                || maxErrorBodyBytes <= 0) {
            throw new IllegalArgumentException("pool idle time, connecting bound and size limits must be > 0");
        }
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        headers.forEach(Secrets::registerHeader);
        tls = tls == null ? TlsOptions.DEFAULT : tls;
    }

    /** These options with request ids sent as {@code X-Request-Id: <prefix><id>} (null = none). */
    public TransportOptions withRequestIdPrefix(String prefix) {
        return copy(c -> c.requestIdPrefix = prefix);
    }

    /** The default of {@link #maxConnecting}. */
    public static final int DEFAULT_MAX_CONNECTING = 8;

    /**
     * Connect 10 s, headers 30 min, idle 10 min, no total limit, pool idle 3 s, 8 connection attempts at a time, 16
     * MiB events, 512 MiB bodies.
     */
    public static TransportOptions defaults() {
        return new TransportOptions(
                10_000,
                1_800_000,
                600_000,
                0,
                3,
                DEFAULT_MAX_CONNECTING,
                16 << 20,
                512 << 20,
                64 << 10,
                true,
                Map.of(),
                null,
                null,
                null);
    }

    public TransportOptions withTimeouts(int connectMs, long headersMs, long idleMs, long totalMs) {
        return copy(c -> {
            c.connectTimeoutMs = connectMs;
            c.headersTimeoutMs = headersMs;
            c.idleTimeoutMs = idleMs;
            c.totalTimeoutMs = totalMs;
        });
    }

    public TransportOptions withLimits(int eventBytes, int bodyBytes) {
        return copy(c -> {
            c.maxEventBytes = eventBytes;
            c.maxBodyBytes = bodyBytes;
        });
    }

    public TransportOptions withPoolIdleSeconds(int seconds) {
        return copy(c -> c.poolIdleSeconds = seconds);
    }

    /** These options with at most {@code n} connection attempts in progress at once per server. */
    public TransportOptions withMaxConnecting(int n) {
        return copy(c -> c.maxConnecting = n);
    }

    public TransportOptions withHeaders(Map<String, String> h) {
        return copy(c -> c.headers = h);
    }

    public TransportOptions withRetryStaleConnection(boolean retry) {
        return copy(c -> c.retryStaleConnection = retry);
    }

    /** These options with this API key, sent as {@code Authorization: Bearer <key>} (null = none). */
    public TransportOptions withApiKey(Secret key) {
        return copy(c -> c.apiKey = key);
    }

    /** These options with this TLS trust (null = the JDK's trust store). */
    public TransportOptions withTls(TlsOptions t) {
        return copy(c -> c.tls = t);
    }

    /** These options with {@code change} applied to a copy of their fields: the one place that lists them all. */
    private TransportOptions copy(Consumer<Copy> change) {
        Copy c = new Copy();
        change.accept(c);
        return new TransportOptions(
                c.connectTimeoutMs,
                c.headersTimeoutMs,
                c.idleTimeoutMs,
                c.totalTimeoutMs,
                c.poolIdleSeconds,
                c.maxConnecting,
                c.maxEventBytes,
                c.maxBodyBytes,
                c.maxErrorBodyBytes,
                c.retryStaleConnection,
                c.headers,
                c.requestIdPrefix,
                c.apiKey,
                c.tls);
    }

    /** The fields of these options, open to change before the canonical constructor checks them again. */
    private final class Copy {
        int connectTimeoutMs = connectTimeoutMs();
        long headersTimeoutMs = headersTimeoutMs();
        long idleTimeoutMs = idleTimeoutMs();
        long totalTimeoutMs = totalTimeoutMs();
        int poolIdleSeconds = poolIdleSeconds();
        int maxConnecting = maxConnecting();
        int maxEventBytes = maxEventBytes();
        int maxBodyBytes = maxBodyBytes();
        int maxErrorBodyBytes = maxErrorBodyBytes();
        boolean retryStaleConnection = retryStaleConnection();
        Map<String, String> headers = headers();
        String requestIdPrefix = requestIdPrefix();
        Secret apiKey = apiKey();
        TlsOptions tls = tls();
    }

    /**
     * Every header the client adds to each request, in order: the extra headers, then {@code Authorization:
     * Bearer <key>} when there is an API key and no extra header named Authorization. Values are the real ones
     * (for sending); never log the result.
     */
    public Map<String, String> requestHeaders() {
        Map<String, String> all = new java.util.LinkedHashMap<>(headers);
        boolean authGiven = headers.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("Authorization"));
        if (apiKey != null && !authGiven) {
            all.put("Authorization", "Bearer " + apiKey.reveal());
        }
        return all;
    }

    /** The options with the values of secret headers and the API key shown as {@code <redacted>}. */
    @Override
    public String toString() {
        String h = headers.entrySet().stream()
                .map(e -> e.getKey() + "=" + Secrets.redactValue(e.getKey(), e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
        return "TransportOptions[connectTimeoutMs=" + connectTimeoutMs + ", headersTimeoutMs=" + headersTimeoutMs
                + ", idleTimeoutMs=" + idleTimeoutMs + ", totalTimeoutMs=" + totalTimeoutMs + ", poolIdleSeconds="
                + poolIdleSeconds + ", maxConnecting=" + maxConnecting + ", maxEventBytes=" + maxEventBytes
                + ", maxBodyBytes=" + maxBodyBytes
                + ", maxErrorBodyBytes=" + maxErrorBodyBytes + ", retryStaleConnection=" + retryStaleConnection
                + ", headers=" + h + ", requestIdPrefix=" + requestIdPrefix + ", apiKey=" + apiKey + ", tls=" + tls
                + "]";
    }

    /** Shortest configured timeout, ms: the sweep runs often enough to honour it. */
    long shortestTimeoutMs() {
        long m = Math.min(headersTimeoutMs, idleTimeoutMs);
        return totalTimeoutMs > 0 ? Math.min(m, totalTimeoutMs) : m;
    }
}
