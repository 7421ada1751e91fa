package io.llmharness.client.engine;

import io.llmharness.client.EndpointType;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.balance.Balancing;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.transport.TransportOptions;
import java.util.List;

/** Builder for {@link ClientOptions}, with the defaults {@link ClientOptions#builder()} names. */
public final class ClientOptionsBuilder {
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
    private int maxConnections = ClientOptions.DEFAULT_MAX_CONNECTIONS;
    private ResponseEncoding encoding;
    private boolean closedLoop;

    public ClientOptionsBuilder baseUrls(List<String> v) {
        baseUrls = v;
        return this;
    }

    public ClientOptionsBuilder baseUrls(String... v) {
        baseUrls = List.of(v);
        return this;
    }

    public ClientOptionsBuilder urlSource(String v) {
        urlSource = v;
        return this;
    }

    public ClientOptionsBuilder endpointType(EndpointType v) {
        endpointType = v;
        return this;
    }

    public ClientOptionsBuilder api(ApiSettings v) {
        api = v;
        return this;
    }

    public ClientOptionsBuilder collectText(boolean v) {
        collectText = v;
        return this;
    }

    public ClientOptionsBuilder maxInFlight(int v) {
        maxInFlight = v;
        return this;
    }

    public ClientOptionsBuilder balancing(Balancing v) {
        balancing = v;
        return this;
    }

    public ClientOptionsBuilder transport(TransportOptions v) {
        transport = v;
        return this;
    }

    public ClientOptionsBuilder eventLoops(int v) {
        eventLoops = v;
        return this;
    }

    public ClientOptionsBuilder keepChunkTimes(boolean v) {
        keepChunkTimes = v;
        return this;
    }

    public ClientOptionsBuilder maxConsecutiveFailures(int v) {
        maxConsecutiveFailures = v;
        return this;
    }

    public ClientOptionsBuilder retry(RetryPolicy v) {
        retry = v;
        return this;
    }

    public ClientOptionsBuilder expectedRequests(int v) {
        expectedRequests = v;
        return this;
    }

    /** Most connections per server (default {@link #ClientOptions.DEFAULT_MAX_CONNECTIONS}). */
    public ClientOptionsBuilder maxConnections(int v) {
        maxConnections = v;
        return this;
    }

    /** Whether the caller runs a closed loop of {@code maxInFlight} requests (default false; see {@link ClientOptions}). */
    public ClientOptionsBuilder closedLoop(boolean v) {
        closedLoop = v;
        return this;
    }

    /**
     * Sets what the caller needs from responses; applied at {@link #build()}, after {@link #api} and
     * {@link #collectText}: token ids ask OpenAI endpoints for {@code return_token_ids}, text makes the client
     * collect output text.
     */
    public ClientOptionsBuilder responseEncoding(ResponseEncoding v) {
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
                maxConnections,
                closedLoop);
    }
}
