package io.llmharness.simulator;

/** Which server the simulator impersonates. */
public enum Persona {
    /** vLLM's OpenAI-compatible server (default port 8000). */
    VLLM(8000),
    /** SGLang's server: native {@code /generate} plus its OpenAI-compatible endpoints (default port 30000). */
    SGLANG(30000);

    private final int defaultPort;

    Persona(int defaultPort) {
        this.defaultPort = defaultPort;
    }

    /** The real server's default port (the in-process default is 0, an ephemeral port). */
    public int defaultPort() {
        return defaultPort;
    }
}
