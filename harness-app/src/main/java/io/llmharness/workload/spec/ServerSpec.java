package io.llmharness.workload.spec;

/**
 * The server a profile names.
 *
 * @param type the server flavour as written ({@code vllm}, {@code sglang}, {@code tgi}); informational
 * @param model model name sent in requests, or null to take the first of {@code /v1/models}
 * @param baseUrl {@code http(s)://host:port}, or null when the command line must give it
 * @param ignoreEos send {@code ignore_eos: true} so outputs have exactly the requested length
 * @param apiKey bearer token, or null
 */
public record ServerSpec(String type, String model, String baseUrl, boolean ignoreEos, String apiKey) {

    /** This server with another model name. */
    public ServerSpec withModel(String m) {
        return new ServerSpec(type, m, baseUrl, ignoreEos, apiKey);
    }

    /** This server with another base URL. */
    public ServerSpec withBaseUrl(String url) {
        return new ServerSpec(type, model, url, ignoreEos, apiKey);
    }
}
