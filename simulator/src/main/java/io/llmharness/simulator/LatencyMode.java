package io.llmharness.simulator;

/** How the simulator times tokens. */
public enum LatencyMode {
    /**
     * Every sequence on its own clock: first token {@code ttft} after it got a running slot, then one token every
     * {@code itl} (optionally with jitter and a load factor). For exact timing tests.
     */
    FIXED,
    /**
     * Continuous batching: one engine step at a time for all running sequences; a step takes
     * {@code decodeStepMs + decodeStepMsPerSeq × (batch − 1)} plus, when it contains prefill work,
     * {@code prefillOverheadMs + prefillTokens / prefillTokensPerSecond}. Every decoding sequence gets one token per
     * step; a sequence's first token comes at the end of the step that finished its (chunked) prefill.
     */
    BATCH
}
