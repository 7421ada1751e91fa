package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import java.io.IOException;
import java.util.List;

/**
 * OpenAI {@code POST /v1/chat/completions}: {@code messages} (content parts, base64 {@code image_url}s) sent as
 * given; a text prompt becomes one user message. One prompt per request: the API has no batch form.
 */
final class ChatAdapter extends OpenAiAdapter {

    static final ChatAdapter INSTANCE = new ChatAdapter();

    @Override
    public EndpointType type() {
        return EndpointType.CHAT_COMPLETIONS;
    }

    @Override
    void checkPrompts(List<Prompt> prompts) {
        if (prompts.size() != 1) {
            throw new IllegalArgumentException("chat completions take one prompt per request, got " + prompts.size());
        }
        String why = reject(prompts.get(0));
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
    }

    @Override
    public String reject(Prompt prompt) {
        return prompt instanceof Prompt.TokenIds
                ? "token-id prompts need the completions or generate endpoint (chat takes messages)"
                : null;
    }

    @Override
    void writePrompts(JsonGenerator g, List<Prompt> prompts) throws IOException {
        Prompt prompt = prompts.get(0);
        g.writeFieldName("messages");
        if (prompt instanceof Prompt.Chat c) {
            g.writeTree(c.messages());
        } else {
            g.writeStartArray();
            g.writeStartObject();
            g.writeStringField("role", "user");
            g.writeStringField("content", ((Prompt.Text) prompt).text());
            g.writeEndObject();
            g.writeEndArray();
        }
    }
}
