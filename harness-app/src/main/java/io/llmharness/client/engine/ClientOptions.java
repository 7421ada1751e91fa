package io.llmharness.client.engine;

import io.llmharness.client.EndpointType;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.balance.Balancing;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.transport.TransportOptions;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link LlmClient} does (immutable; build with {@link #builder()}, a {@link ClientOptionsBuilder}).
 *
 * @param baseUrls server base URLs, e.g. {@code http://localhost:8000}; several = load balancing
 * @param urlSource the flag or key the URLs came from, named in error messages (e.g. {@code --api-server-url})
 * @param endpointType the API to call
 * @param api body settings: model name, sampling, token ids, guided decoding style
 * @param collectText materialise output text (needed for UTF-8 text payloads; costs allocation)
 * @param maxInFlight most requests in progress at once over all servers (the caller's concurrency limit)
 * @param balancing how requests spread over several servers
 * @param transport timeouts, limits, pool idle time, extra headers
 * @param eventLoops event-loop contexts the requests spread over
 * @param keepChunkTimes keep every chunk arrival time in each record (per-request ITL lists)
 * @param maxConsecutiveFailures failures in a row on one server that abort the run; 0 = never
 * @param retry when a 429/503 answer is sent again
 * @param expectedRequests size hint for the record store
 * @param maxConnections most connections open to each server at once (HTTP/1.1: one request per connection), so
 *     at most {@code maxConnections × servers} requests are in progress; a request beyond it waits in the client,
 *     recorded as {@link io.llmharness.client.record.ClientWait#CONNECTION_CAP}
 * @param closedLoop the caller keeps up to {@code maxInFlight} requests in flight and sends the next as one ends (an
 *     Offline run): each pool opens a connection for every waiting request (bounded by the pool size and the
 *     connection attempts in progress) instead of waiting for busy ones to free up, so no request of the loop waits
 *     for a socket once the pool holds {@link #poolSize()} connections
 */
public record ClientOptions(
        List<String> baseUrls,
        String urlSource,
        EndpointType endpointType,
        ApiSettings api,
        boolean collectText,
        int maxInFlight,
        Balancing balancing,
        TransportOptions transport,
        int eventLoops,
        boolean keepChunkTimes,
        int maxConsecutiveFailures,
        RetryPolicy retry,
        int expectedRequests,
        int maxConnections,
        boolean closedLoop) {

    /** The default of {@link #maxConnections}: ample for a GPU server, far below the ephemeral port range. */
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;

    public ClientOptions {
        baseUrls = List.copyOf(baseUrls);
        if (baseUrls.isEmpty()) {
            throw new IllegalArgumentException("at least one base URL is needed");
        }
        Objects.requireNonNull(endpointType, "endpointType");
        Objects.requireNonNull(api, "api");
        Objects.requireNonNull(balancing, "balancing");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(retry, "retry");
        if (maxInFlight < 1 || eventLoops < 1 || maxConsecutiveFailures < 0 || maxConnections < 1) {
            throw new IllegalArgumentException(
                    "maxInFlight, maxConnections and eventLoops must be >= 1, maxConsecutiveFailures >= 0");
        }
        urlSource = urlSource == null ? "server URL" : urlSource;
    }

    /** Connections each server's pool may hold: the connection cap, or fewer when the in-flight cap is lower. */
    public int poolSize() {
        return Math.min(maxInFlight, maxConnections);
    }

    /**
     * Most requests in progress at once over all servers, and what limits it: {@code maxInFlight}, or the
     * connection cap times the number of servers when that is lower.
     */
    public int effectiveInFlightCap() {
        return (int) Math.min(maxInFlight, (long) maxConnections * baseUrls.size());
    }

    /** Whether {@link #effectiveInFlightCap()} is set by the connection cap (a client limit), not by maxInFlight. */
    public boolean connectionCapped() {
        return (long) maxConnections * baseUrls.size() < maxInFlight;
    }

    /** A builder with defaults: completions, server-default sampling, 256 in flight, round-robin. */
    public static ClientOptionsBuilder builder() {
        return new ClientOptionsBuilder();
    }
}
