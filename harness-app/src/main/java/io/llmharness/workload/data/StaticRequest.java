package io.llmharness.workload.data;

import io.llmharness.client.Prompt;

/**
 * A request whose prompt was generated before the run.
 *
 * @param item index of the prompt in its data set
 * @param prompt the prompt
 * @param promptTokens client token count of the prompt, -1 if unknown
 * @param maxTokens requested output tokens, 0 = server default
 */
public record StaticRequest(long item, Prompt prompt, int promptTokens, int maxTokens) implements WorkloadRequest {}
