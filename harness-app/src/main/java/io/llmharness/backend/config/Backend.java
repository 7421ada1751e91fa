package io.llmharness.backend.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The inference server program a config launches. YAML spells it as {@link #configName()}. */
public enum Backend {
    /**
     * vLLM: {@code vllm serve MODEL} (or the legacy module form). Server arguments come from
     * {@code config.api_server_args}; boolean options come in {@code --x} / {@code --no-x} pairs.
     */
    VLLM("vllm", "api_server_args", 8000, Entrypoint.SERVE, true, List.of("--port", "--host", "--model")),
    /**
     * SGLang: {@code python -m sglang.launch_server --model-path MODEL}. Server arguments come from
     * {@code config.server_args}; boolean options are plain {@code store_true} flags.
     */
    SGLANG(
            "sglang",
            "server_args",
            30000,
            Entrypoint.LAUNCH_SERVER,
            false,
            List.of("--port", "--host", "--model-path", "--model"));

    private final String configName;
    private final String argsKey;
    private final int defaultPort;
    private final Entrypoint defaultEntrypoint;
    private final boolean negatesFalseFlags;
    private final List<String> reservedFlags;

    Backend(
            String configName,
            String argsKey,
            int defaultPort,
            Entrypoint defaultEntrypoint,
            boolean negatesFalseFlags,
            List<String> reservedFlags) {
        this.configName = configName;
        this.argsKey = argsKey;
        this.defaultPort = defaultPort;
        this.defaultEntrypoint = defaultEntrypoint;
        this.negatesFalseFlags = negatesFalseFlags;
        this.reservedFlags = reservedFlags;
    }

    /** Name used in YAML ({@code backend: vllm}) and on the command line. */
    public String configName() {
        return configName;
    }

    /** Key under {@code config:} that holds the server's own arguments. */
    public String argsKey() {
        return argsKey;
    }

    /** The port the backend itself defaults to (vLLM 8000, SGLang 30000); also ours when none is configured. */
    public int defaultPort() {
        return defaultPort;
    }

    /** How the server is launched when {@code entrypoint} is not set. */
    public Entrypoint defaultEntrypoint() {
        return defaultEntrypoint;
    }

    /** Whether a mapping value {@code false} renders as {@code --no-KEY} (vLLM) instead of being left out. */
    public boolean negatesFalseFlags() {
        return negatesFalseFlags;
    }

    /** Flags the harness sets itself from top-level keys; they may not appear in the server arguments. */
    public List<String> reservedFlags() {
        return reservedFlags;
    }

    /** Looks a config name up, case-insensitively. */
    public static Optional<Backend> fromConfigName(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (Backend b : values()) {
            if (b.configName.equals(v)) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }
}
