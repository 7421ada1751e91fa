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
 */
public record ApiSpec(EndpointType endpoint, boolean streaming, Map<String, String> headers) {

    public ApiSpec {
        Objects.requireNonNull(endpoint, "endpoint");
        headers = Map.copyOf(headers);
    }
}
