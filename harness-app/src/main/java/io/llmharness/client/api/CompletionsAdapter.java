package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * OpenAI {@code POST /v1/completions}: {@code prompt} as token ids ({@code int[]}, batch {@code int[][]}) or text
 * ({@code string}, batch {@code string[]}); output ids through {@code return_token_ids}.
 */
final class CompletionsAdapter implements EndpointAdapter {

    static final CompletionsAdapter INSTANCE = new CompletionsAdapter();

    @Override
    public EndpointType type() {
        return EndpointType.COMPLETIONS;
    }

    @Override
    public boolean supportsBatch() {
        return true;
    }

    @Override
    public String reject(Prompt prompt) {
        return prompt instanceof Prompt.Chat ? "chat messages need the chat_completions endpoint" : null;
    }

    @Override
    public void writeBody(OutputStream out, List<Prompt> prompts, ApiSettings s, boolean stream) throws IOException {
        try (JsonGenerator g = Bodies.generator(out)) {
            g.writeStartObject();
            if (s.model() != null) {
                g.writeStringField("model", s.model());
            }
            Bodies.promptField(g, "prompt", "prompt", prompts);
            Bodies.openAiSampling(g, s.sampling(), false);
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
