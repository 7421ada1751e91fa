package io.llmharness.benchmark;

import io.llmharness.client.Prompt;

/** Turns one dataset row into the prompt to send. Implementations are stateless and thread-safe. */
@FunctionalInterface
public interface PromptBuilder {

    /**
     * @throws io.llmharness.error.HarnessException config error naming the dataset, row and column when the
     *     row's value is missing or malformed
     */
    Prompt build(RowView row);
}
