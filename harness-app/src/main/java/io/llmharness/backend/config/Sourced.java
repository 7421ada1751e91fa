package io.llmharness.backend.config;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A raw setting value and where it came from, so every error can name its origin.
 *
 * @param value a {@link JsonNode} (from YAML) or a {@link String} (environment, command line, caller fallback)
 * @param origin e.g. {@code configs/backends/vllm.yaml: key 'port'}, {@code environment variable
 *     HARNESS_SERVER_PORT}, {@code option --server-port}
 */
record Sourced(Object value, String origin) {

    static Sourced yaml(JsonNode node, String file, String key) {
        return new Sourced(node, file + ": key '" + key + "'");
    }

    static Sourced text(String value, String origin) {
        return new Sourced(value, origin);
    }

    /** Whether the value came from YAML. */
    boolean isNode() {
        return value instanceof JsonNode;
    }

    JsonNode node() {
        return (JsonNode) value;
    }
}
