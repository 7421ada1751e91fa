package io.llmharness.secret;

import java.util.Objects;

/**
 * A secret value (an API key, a bearer token) that never prints itself: {@link #toString()} is {@code <redacted>},
 * so a record or a log line holding one cannot leak it by accident. {@link #reveal()} gives the value to the one
 * place that must send it. Creating a secret registers it with {@link Secrets}, so the value is also removed from
 * any text that does contain it (a server's error message echoing the key, for instance).
 */
public final class Secret {

    private final String value;
    private final String source;

    private Secret(String value, String source) {
        this.value = value;
        this.source = source;
    }

    /**
     * A secret and where it came from.
     *
     * @param value the secret itself, not blank
     * @param source where it came from, for messages and the resolved config (e.g. {@code --api-key},
     *     {@code env OPENAI_API_KEY}, {@code vllm.yaml api_key}); never the value
     */
    public static Secret of(String value, String source) {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("a secret cannot be blank");
        }
        Secrets.register(value);
        return new Secret(value, source);
    }

    /** The value, for the code that sends it. Never log or write it. */
    public String reveal() {
        return value;
    }

    /** Where the value came from (a flag, a variable, a file's key), never the value. */
    public String source() {
        return source;
    }

    /** Whether this secret holds the same value as {@code other}. */
    public boolean sameValue(Secret other) {
        return other != null && value.equals(other.value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Secret s && s.value.equals(value) && Objects.equals(s.source, source);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return Secrets.REDACTED;
    }
}
