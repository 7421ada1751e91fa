package io.llmharness.workload.spec;

import io.llmharness.client.EndpointType;
import java.util.Map;
import java.util.Objects;

/**
 * How requests are sent.
 *
 * @param endpoint completions or chat completions
 * @param streaming ask for SSE streams (token timing exists only for streamed requests)
 * @param headers extra request headers
 * @param sessionIdHeader the header every request of a multi-turn session carries with the session's id
 *     (inference-perf's {@code api.session_id_header_key}, {@code --session-id-header}), or null for none
 */
public record ApiSpec(EndpointType endpoint, boolean streaming, Map<String, String> headers, String sessionIdHeader) {

    public ApiSpec {
        Objects.requireNonNull(endpoint, "endpoint");
        headers = Map.copyOf(headers);
    }

    /** Requests without a session header. */
    public ApiSpec(EndpointType endpoint, boolean streaming, Map<String, String> headers) {
        this(endpoint, streaming, headers, null);
    }

    /** This API with another session header (null for none). */
    public ApiSpec withSessionIdHeader(String name) {
        return new ApiSpec(endpoint, streaming, headers, name);
    }
}
