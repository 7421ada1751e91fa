package io.llmharness.simulator;

/** Which server the simulator impersonates. */
public enum Persona {
    /** vLLM's OpenAI-compatible server (default port {@value #VLLM_PORT}). */
    VLLM(Persona.VLLM_PORT),
    /** SGLang's server: native {@code /generate} plus its OpenAI-compatible endpoints (default port {@value #SGLANG_PORT}). */
    SGLANG(Persona.SGLANG_PORT);

    /** vLLM's default port. */
    public static final int VLLM_PORT = 8000;
    /** SGLang's default port. */
    public static final int SGLANG_PORT = 30000;

    private final int defaultPort;

    Persona(int defaultPort) {
        this.defaultPort = defaultPort;
    }

    /** The real server's default port (the in-process default is 0, an ephemeral port). */
    public int defaultPort() {
        return defaultPort;
    }
}
