package io.llmharness.benchmark;

import io.llmharness.client.SamplingParams;

/** Shorthands for the reference generation settings of the built-in specs. */
final class ReferenceSampling {
    private ReferenceSampling() {}

    /** Greedy decoding (temperature 0) with output length bounds in tokens. */
    static SamplingParams greedy(int maxTokens, int minTokens) {
        return SamplingParams.SERVER_DEFAULTS
                .withTemperature(0.0)
                .withMaxTokens(maxTokens)
                .withMinTokens(minTokens);
    }
}
