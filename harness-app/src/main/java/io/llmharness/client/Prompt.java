package io.llmharness.client;

import com.fasterxml.jackson.databind.JsonNode;

/** What a request asks the model to continue: token ids, plain text, or chat messages. */
public sealed interface Prompt {

    /** Pre-tokenised prompt, sent verbatim (no re-tokenisation, no chat template, no BOS insertion). */
    record TokenIds(int[] ids) implements Prompt {}

    /** Plain text prompt. */
    record Text(String text) implements Prompt {}

    /**
     * OpenAI chat messages array ({@code [{"role":…,"content":…}]}); content may be a list of parts, including
     * {@code image_url} parts with {@code data:} URLs. Only valid for {@link EndpointType#CHAT_COMPLETIONS}.
     */
    record Chat(JsonNode messages) implements Prompt {}
}
