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
 * @param sessionTokenHeader a response header whose value each later request of the same session sends back under the
 *     same name (inference-perf's {@code api.session_token_header_key}, {@code --session-token-header}), or null
 */
public record ApiSpec(
        EndpointType endpoint,
        boolean streaming,
        Map<String, String> headers,
        String sessionIdHeader,
        String sessionTokenHeader) {

    public ApiSpec {
        Objects.requireNonNull(endpoint, "endpoint");
        headers = Map.copyOf(headers);
    }

    /** Requests with a session id header (or none) and no session token. */
    public ApiSpec(EndpointType endpoint, boolean streaming, Map<String, String> headers, String sessionIdHeader) {
        this(endpoint, streaming, headers, sessionIdHeader, null);
    }

    /** Requests without session headers. */
    public ApiSpec(EndpointType endpoint, boolean streaming, Map<String, String> headers) {
        this(endpoint, streaming, headers, null, null);
    }

    /** This API with another session header (null for none). */
    public ApiSpec withSessionIdHeader(String name) {
        return new ApiSpec(endpoint, streaming, headers, name, sessionTokenHeader);
    }

    /** This API with another session token header (null for none). */
    public ApiSpec withSessionTokenHeader(String name) {
        return new ApiSpec(endpoint, streaming, headers, sessionIdHeader, name);
    }
}
