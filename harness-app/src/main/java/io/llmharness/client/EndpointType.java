package io.llmharness.client;

import io.llmharness.error.HarnessException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The HTTP API a request goes to. Config and CLI spell it as {@link #configName()}. */
public enum EndpointType {
    /** OpenAI {@code POST /v1/completions}: prompt as text or token ids (vLLM, SGLang). */
    COMPLETIONS("completions", "/v1/completions"),
    /** OpenAI {@code POST /v1/chat/completions}: messages, image parts, structured outputs. */
    CHAT_COMPLETIONS("chat_completions", "/v1/chat/completions"),
    /** SGLang native {@code POST /generate}: {@code input_ids} or {@code text} plus {@code sampling_params}. */
    GENERATE("generate", "/generate");

    private final String configName;
    private final String path;

    EndpointType(String configName, String path) {
        this.configName = configName;
        this.path = path;
    }

    /** Name used in YAML configs and on the command line, e.g. {@code chat_completions}. */
    public String configName() {
        return configName;
    }

    /** Request path on the server, e.g. {@code /v1/completions}. */
    public String path() {
        return path;
    }

    /**
     * Parses a config or CLI value; accepts the config name, the enum name and {@code chat} as a short form.
     *
     * @param where what the value came from (flag or file and key), used in the error message
     */
    public static EndpointType parse(String value, String where) {
        String v = value.trim().toLowerCase(Locale.ROOT).replace('-', '_');
        for (EndpointType t : values()) {
            if (t.configName.equals(v) || t.name().toLowerCase(Locale.ROOT).equals(v)) {
                return t;
            }
        }
        if (v.equals("chat")) {
            return CHAT_COMPLETIONS;
        }
        throw HarnessException.badValue(
                where,
                where + ": unknown endpoint type '" + value + "'; use one of "
                        + Arrays.stream(values()).map(EndpointType::configName).collect(Collectors.joining(", ")));
    }
}
