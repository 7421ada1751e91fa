package io.llmharness.run;

import io.llmharness.secret.Secrets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How the client should reach the servers, as given on the command line (or in a profile) and before anything was
 * checked; {@link AccessPlan#resolve} validates it. {@code null} = not given. Shared by {@code harness run} and
 * {@code harness bench}.
 *
 * @param apiKey {@code --api-key}: sent as {@code Authorization: Bearer <key>}
 * @param headers {@code --header 'Name: value'}, in order (a later one of the same name wins)
 * @param insecure {@code --insecure}: accept any TLS certificate and host name
 * @param caCert {@code --ca-cert FILE}: trust only the CA certificates of this PEM file
 * @param connectTimeoutS {@code --connect-timeout}, seconds
 * @param requestTimeoutS {@code --request-timeout}, seconds for a whole request; 0 = no limit
 * @param idleTimeoutS {@code --idle-timeout}, seconds of silence in a response
 * @param environment the variables a key may come from ({@code OPENAI_API_KEY}, {@code VLLM_API_KEY}); others are
 *     ignored
 */
public record AccessRequest(
        String apiKey,
        List<String> headers,
        boolean insecure,
        Path caCert,
        Double connectTimeoutS,
        Double requestTimeoutS,
        Double idleTimeoutS,
        Map<String, String> environment) {

    /** The variables an API key is read from, in the order they are tried for servers someone else runs. */
    public static final List<String> KEY_VARIABLES = List.of("OPENAI_API_KEY", "VLLM_API_KEY");

    /** Nothing given, no environment. */
    public static final AccessRequest NONE =
            new AccessRequest(null, List.of(), false, null, null, null, null, Map.of());

    public AccessRequest {
        headers = headers == null ? List.of() : List.copyOf(headers);
        Map<String, String> keys = new java.util.LinkedHashMap<>();
        if (environment != null) {
            for (String v : KEY_VARIABLES) {
                String value = environment.get(v);
                if (value != null && !value.isBlank()) {
                    keys.put(v, value);
                }
            }
        }
        environment = Map.copyOf(keys);
    }

    /** Hides the key and the environment: a request may be logged. */
    @Override
    public String toString() {
        return "AccessRequest[apiKey=" + (apiKey == null ? null : Secrets.REDACTED) + ", headers="
                + headers.stream().map(Secrets::redactHeaderLine).toList() + ", insecure=" + insecure + ", caCert="
                + caCert + ", connectTimeoutS=" + connectTimeoutS + ", requestTimeoutS=" + requestTimeoutS
                + ", idleTimeoutS=" + idleTimeoutS + ", environment=" + environment.keySet() + "]";
    }
}
