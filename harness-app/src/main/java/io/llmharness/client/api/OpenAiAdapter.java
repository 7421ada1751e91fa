package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * What the two OpenAI APIs share (completions and chat): the body around the prompt ({@code model}, sampling,
 * the JSON-schema constraint, {@code return_token_ids}, the caller's extra fields, {@code stream} and
 * {@code stream_options}) and the decoder of their answers. Each subclass writes only its prompt field.
 */
abstract sealed class OpenAiAdapter implements EndpointAdapter permits ChatAdapter, CompletionsAdapter {

    /** Completions take prompt arrays; chat has no batch form. */
    @Override
    public final boolean supportsBatch() {
        return type() != EndpointType.CHAT_COMPLETIONS;
    }

    @Override
    public final void writeBody(OutputStream out, List<Prompt> prompts, ApiSettings s, boolean stream)
            throws IOException {
        checkPrompts(prompts);
        try (JsonGenerator g = Bodies.generator(out)) {
            g.writeStartObject();
            if (s.model() != null) {
                g.writeStringField("model", s.model());
            }
            writePrompts(g, prompts);
            Bodies.openAiSampling(g, s.sampling(), type() == EndpointType.CHAT_COMPLETIONS);
            Bodies.guided(g, s.sampling(), s.guided());
            if (s.returnTokenIds() && !s.sampling().extra().containsKey("return_token_ids")) {
                g.writeBooleanField("return_token_ids", true);
            }
            Bodies.extra(g, s.sampling().extra());
            Bodies.streamFields(g, stream, s);
            g.writeEndObject();
        }
    }

    /**
     * Refuses prompts this API cannot take before anything is written (nothing to check by default).
     *
     * @throws IllegalArgumentException naming why
     */
    void checkPrompts(List<Prompt> prompts) {}

    /** Writes the prompt field (or fields) of the body. */
    abstract void writePrompts(JsonGenerator g, List<Prompt> prompts) throws IOException;

    @Override
    public final ResponseDecoder decoder(ChoiceSink sink, boolean wantText) {
        return new OpenAiDecoder(sink, wantText);
    }
}
