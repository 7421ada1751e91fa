package io.llmharness.metrics;

import io.llmharness.client.record.RequestRecord;

/**
 * One request as the stage table sees it: the client's record plus the client-side token counts.
 *
 * @param record timing and outcome
 * @param clientInputTokens the client tokenizer's count of the prompt as sent, -1 if unknown
 * @param clientOutputTokens the client tokenizer's count of the output text, -1 if unknown
 */
public record StageSample(RequestRecord record, int clientInputTokens, int clientOutputTokens) {

    /** Input tokens: the server's {@code usage.prompt_tokens} when reported, else the client's count, else -1. */
    public long inputTokens() {
        return record.inputTokens() >= 0 ? record.inputTokens() : clientInputTokens;
    }
}
