package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * OpenAI {@code POST /v1/chat/completions}: {@code messages} (content parts, base64 {@code image_url}s) sent as
 * given; a text prompt becomes one user message. One prompt per request: the API has no batch form.
 */
final class ChatAdapter implements EndpointAdapter {

    static final ChatAdapter INSTANCE = new ChatAdapter();

    @Override
    public EndpointType type() {
        return EndpointType.CHAT_COMPLETIONS;
    }

    @Override
    public boolean supportsBatch() {
        return false;
    }

    @Override
    public String reject(Prompt prompt) {
        return prompt instanceof Prompt.TokenIds
                ? "token-id prompts need the completions or generate endpoint (chat takes messages)"
                : null;
    }

    @Override
    public void writeBody(OutputStream out, List<Prompt> prompts, ApiSettings s, boolean stream) throws IOException {
        if (prompts.size() != 1) {
            throw new IllegalArgumentException("chat completions take one prompt per request, got " + prompts.size());
        }
        Prompt prompt = prompts.get(0);
        String why = reject(prompt);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        try (JsonGenerator g = Bodies.generator(out)) {
            g.writeStartObject();
            if (s.model() != null) {
                g.writeStringField("model", s.model());
            }
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
            Bodies.openAiSampling(g, s.sampling(), true);
            Bodies.guided(g, s.sampling(), s.guided());
            if (s.returnTokenIds() && !s.sampling().extra().containsKey("return_token_ids")) {
                g.writeBooleanField("return_token_ids", true);
            }
            Bodies.extra(g, s.sampling().extra());
            Bodies.streamFields(g, stream, s);
            g.writeEndObject();
        }
    }

    @Override
    public ResponseDecoder decoder(ChoiceSink sink, boolean wantText) {
        return new OpenAiDecoder(sink, wantText);
    }
}
