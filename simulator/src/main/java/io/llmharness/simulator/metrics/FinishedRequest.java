package io.llmharness.simulator.metrics;

/**
 * What the engine reports when one sequence (one choice of one prompt) finishes. Times are in seconds.
 *
 * @param finishedReason {@code stop}, {@code length}, {@code abort} or {@code error}
 * @param promptTokens prompt length in tokens
 * @param generationTokens output tokens produced
 * @param maxTokens the request's output limit
 * @param n choices requested for the prompt
 * @param e2e arrival to last token
 * @param queue time spent waiting for a running slot (all waiting periods, including after preemption)
 * @param inference first scheduled to last token
 * @param prefill first scheduled to first token
 * @param decode first token to last token
 * @param ttft arrival to first token, or NaN when no token was produced
 * @param computedPromptTokens prompt tokens actually prefilled (excluding prefix-cache hits)
 */
public record FinishedRequest(
        String finishedReason,
        int promptTokens,
        int generationTokens,
        int maxTokens,
        int n,
        double e2e,
        double queue,
        double inference,
        double prefill,
        double decode,
        double ttft,
        int computedPromptTokens) {}
