package io.llmharness.benchmark;

import io.llmharness.client.EndpointType;
import java.util.Set;

/** What a benchmark sends as the prompt; decides which {@link io.llmharness.client.Prompt} variant is built. */
public enum PromptKind {
    /** Pre-tokenised ids from the dataset, sent verbatim ({@code prompt} as ids, or SGLang {@code input_ids}). */
    TOKEN_IDS(Set.of(EndpointType.COMPLETIONS, EndpointType.GENERATE)),
    /** Plain text ({@code prompt} text, or SGLang {@code text}). */
    TEXT(Set.of(EndpointType.COMPLETIONS, EndpointType.GENERATE)),
    /** OpenAI chat messages, possibly with image parts. */
    CHAT(Set.of(EndpointType.CHAT_COMPLETIONS));

    private final Set<EndpointType> endpoints;

    PromptKind(Set<EndpointType> endpoints) {
        this.endpoints = endpoints;
    }

    /** Whether prompts of this kind can be sent to the given endpoint. */
    public boolean supports(EndpointType endpoint) {
        return endpoints.contains(endpoint);
    }
}
