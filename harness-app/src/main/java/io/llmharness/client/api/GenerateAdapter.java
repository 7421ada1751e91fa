package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonGenerator;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * SGLang {@code POST /generate}: {@code input_ids} (batch: list of lists) or {@code text}, plus
 * {@code sampling_params} in SGLang's names. Never sends {@code model}. Output ids come back as
 * {@code output_ids} without asking.
 */
final class GenerateAdapter implements EndpointAdapter {

    static final GenerateAdapter INSTANCE = new GenerateAdapter();

    @Override
    public EndpointType type() {
        return EndpointType.GENERATE;
    }

    @Override
    public boolean supportsBatch() {
        return true;
    }

    @Override
    public String reject(Prompt prompt) {
        return Bodies.rejectChat(prompt);
    }

    @Override
    public void writeBody(OutputStream out, List<Prompt> prompts, ApiSettings s, boolean stream) throws IOException {
        try (JsonGenerator g = Bodies.generator(out)) {
            g.writeStartObject();
            Bodies.promptField(g, "input_ids", "text", prompts);
            Bodies.sglangSampling(g, s.sampling());
            g.writeBooleanField("stream", stream);
            g.writeEndObject();
        }
    }

    @Override
    public ResponseDecoder decoder(ChoiceSink sink, boolean wantText) {
        return new GenerateDecoder(sink, wantText);
    }
}
