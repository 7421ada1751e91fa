package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import java.io.IOException;
import java.util.List;

/**
 * OpenAI {@code POST /v1/completions}: {@code prompt} as token ids ({@code int[]}, batch {@code int[][]}) or text
 * ({@code string}, batch {@code string[]}); output ids through {@code return_token_ids}.
 */
final class CompletionsAdapter extends OpenAiAdapter {

    static final CompletionsAdapter INSTANCE = new CompletionsAdapter();

    @Override
    public EndpointType type() {
        return EndpointType.COMPLETIONS;
    }

    @Override
    public String reject(Prompt prompt) {
        return Bodies.rejectChat(prompt);
    }

    @Override
    void writePrompts(JsonGenerator g, List<Prompt> prompts) throws IOException {
        Bodies.promptField(g, "prompt", "prompt", prompts);
    }
}
