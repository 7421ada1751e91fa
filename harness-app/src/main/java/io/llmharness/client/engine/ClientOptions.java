package io.llmharness.client.engine;

import io.llmharness.client.EndpointType;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.balance.Balancing;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.transport.TransportOptions;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link LlmClient} does (immutable; build with {@link #builder()}).
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
        int maxConnections) {

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

    /** Options with the default connection cap (the layout before {@code maxConnections} existed). */
    public ClientOptions(
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
            int expectedRequests) {
        this(
                baseUrls,
                urlSource,
                endpointType,
                api,
                collectText,
                maxInFlight,
                balancing,
                transport,
                eventLoops,
                keepChunkTimes,
                maxConsecutiveFailures,
                retry,
                expectedRequests,
                DEFAULT_MAX_CONNECTIONS);
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
    public static Builder builder() {
        return new Builder();
    }

    /** Builder for {@link ClientOptions}. */
    public static final class Builder {
        private List<String> baseUrls = List.of("http://localhost:8000");
        private String urlSource = "--api-server-url";
        private EndpointType endpointType = EndpointType.COMPLETIONS;
        private ApiSettings api = ApiSettings.of(null, SamplingParams.SERVER_DEFAULTS);
        private boolean collectText;
        private int maxInFlight = 256;
        private Balancing balancing = Balancing.ROUND_ROBIN;
        private TransportOptions transport = TransportOptions.defaults();
        private int eventLoops = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        private boolean keepChunkTimes;
        private int maxConsecutiveFailures = 10;
        private RetryPolicy retry = RetryPolicy.DEFAULT;
        private int expectedRequests = 1024;
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;
        private ResponseEncoding encoding;

        public Builder baseUrls(List<String> v) {
            baseUrls = v;
            return this;
        }

        public Builder baseUrls(String... v) {
            baseUrls = List.of(v);
            return this;
        }

        public Builder urlSource(String v) {
            urlSource = v;
            return this;
        }

        public Builder endpointType(EndpointType v) {
            endpointType = v;
            return this;
        }

        public Builder api(ApiSettings v) {
            api = v;
            return this;
        }

        public Builder collectText(boolean v) {
            collectText = v;
            return this;
        }

        public Builder maxInFlight(int v) {
            maxInFlight = v;
            return this;
        }

        public Builder balancing(Balancing v) {
            balancing = v;
            return this;
        }

        public Builder transport(TransportOptions v) {
            transport = v;
            return this;
        }

        public Builder eventLoops(int v) {
            eventLoops = v;
            return this;
        }

        public Builder keepChunkTimes(boolean v) {
            keepChunkTimes = v;
            return this;
        }

        public Builder maxConsecutiveFailures(int v) {
            maxConsecutiveFailures = v;
            return this;
        }

        public Builder retry(RetryPolicy v) {
            retry = v;
            return this;
        }

        public Builder expectedRequests(int v) {
            expectedRequests = v;
            return this;
        }

        /** Most connections per server (default {@link #DEFAULT_MAX_CONNECTIONS}). */
        public Builder maxConnections(int v) {
            maxConnections = v;
            return this;
        }

        /**
         * Sets what the caller needs from responses; applied at {@link #build()}, after {@link #api} and
         * {@link #collectText}: token ids ask OpenAI endpoints for {@code return_token_ids}, text makes the client
         * collect output text.
         */
        public Builder responseEncoding(ResponseEncoding v) {
            encoding = v;
            return this;
        }

        public ClientOptions build() {
            if (encoding != null) {
                collectText = encoding == ResponseEncoding.TEXT_UTF8;
                api = new ApiSettings(
                        api.model(),
                        api.sampling(),
                        encoding == ResponseEncoding.TOKEN_IDS_INT32,
                        api.guided(),
                        api.continuousUsageStats());
            }
            return new ClientOptions(
                    baseUrls,
                    urlSource,
                    endpointType,
                    api,
                    collectText,
                    maxInFlight,
                    balancing,
                    transport,
                    eventLoops,
                    keepChunkTimes,
                    maxConsecutiveFailures,
                    retry,
                    expectedRequests,
                    maxConnections);
        }
    }
}
