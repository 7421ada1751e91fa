package io.llmharness.client.api;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** Writes request bodies for one server API and creates decoders for its responses. Stateless, thread-safe. */
public interface EndpointAdapter {

    /** The API this adapter speaks. */
    EndpointType type();

    /** Whether one request can carry several prompts (prompt arrays, {@code input_ids} list of lists). */
    boolean supportsBatch();

    /** Why this prompt cannot be sent to this API, or null when it can. */
    String reject(Prompt prompt);

    /**
     * Writes the JSON body for the given prompts (one, or a batch when {@link #supportsBatch()}).
     *
     * @throws IllegalArgumentException when a prompt is rejected or the batch mixes prompt kinds
     */
    void writeBody(OutputStream out, List<Prompt> prompts, ApiSettings settings, boolean stream) throws IOException;

    /**
     * A decoder for one response.
     *
     * @param sink receives the decoded pieces
     * @param wantText whether output text must be materialised (else only its presence is detected)
     */
    ResponseDecoder decoder(ChoiceSink sink, boolean wantText);

    /** The adapter for an endpoint type. */
    static EndpointAdapter of(EndpointType type) {
        return switch (type) {
            case COMPLETIONS -> CompletionsAdapter.INSTANCE;
            case CHAT_COMPLETIONS -> ChatAdapter.INSTANCE;
            case GENERATE -> GenerateAdapter.INSTANCE;
        };
    }
}
