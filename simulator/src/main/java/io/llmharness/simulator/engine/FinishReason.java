package io.llmharness.simulator.engine;

/** Why a sequence ended, with the OpenAI / vLLM wire name. */
public enum FinishReason {
    STOP("stop"),
    LENGTH("length"),
    ABORT("abort"),
    ERROR("error");

    private final String wire;

    FinishReason(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
