package io.llmharness.backend.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How the server program is invoked. YAML key {@code entrypoint}; each backend allows two forms. */
public enum Entrypoint {
    /** vLLM {@code vllm serve MODEL …}; SGLang {@code sglang serve --model-path MODEL …} (newer releases). */
    SERVE("serve"),
    /** vLLM legacy form {@code python -m vllm.entrypoints.openai.api_server --model MODEL …}. */
    API_SERVER("api_server"),
    /** SGLang {@code python -m sglang.launch_server --model-path MODEL …} (the default for SGLang). */
    LAUNCH_SERVER("launch_server");

    private final String configName;

    Entrypoint(String configName) {
        this.configName = configName;
    }

    /** Name used in YAML and on the command line. */
    public String configName() {
        return configName;
    }

    /** Whether this form exists for the backend. */
    public boolean supports(Backend backend) {
        return allowedFor(backend).contains(this);
    }

    /** The forms a backend can be launched with. */
    public static List<Entrypoint> allowedFor(Backend backend) {
        return switch (backend) {
            case VLLM -> List.of(SERVE, API_SERVER);
            case SGLANG -> List.of(LAUNCH_SERVER, SERVE);
        };
    }

    /** The program run when {@code executable} is not set: {@code vllm}, {@code sglang} or {@code python}. */
    public String defaultExecutable(Backend backend) {
        return this == SERVE ? backend.configName() : "python";
    }

    /** Looks a config name up, case-insensitively; {@code -} and {@code _} are interchangeable. */
    public static Optional<Entrypoint> fromConfigName(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT).replace('-', '_');
        for (Entrypoint e : values()) {
            if (e.configName.equals(v)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }
}
