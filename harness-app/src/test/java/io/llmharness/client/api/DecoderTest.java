package io.llmharness.client.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.EndpointType;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DecoderTest {

    private static RecordingSink stream(EndpointType type, String transcript, boolean wantText) {
        RecordingSink sink = new RecordingSink();
        boolean done = Transcripts.replay(type, Transcripts.load(transcript), new int[0], sink, wantText);
        assertThat(done).as("[DONE] seen").isTrue();
        return sink;
    }

    private static RecordingSink body(EndpointType type, String transcript, boolean wantText) {
        RecordingSink sink = new RecordingSink();
        byte[] b = Transcripts.load(transcript);
        EndpointAdapter.of(type).decoder(sink, wantText).onBody(b, 0, b.length, 0);
        return sink;
    }

    @Test
    void vllmChatStream() {
        RecordingSink s = stream(EndpointType.CHAT_COMPLETIONS, "vllm-chat-stream.sse", true);
        RecordingSink.Choice c = s.choices.get(0);
        assertThat(c.roles).isEqualTo(1);
        // the empty-content chunk carries a token id: it is output, the role chunk is not
        assertThat(c.outputs).isEqualTo(4);
        assertThat(c.ids).containsExactly(38, 2448, 9468, 11, 220, 99489, 0);
        assertThat(c.text.toString()).isEqualTo("Grüße, 世界 🌍!");
        assertThat(c.finish).isEqualTo("length");
        assertThat(s.usageCompletion).isEqualTo(7);
        assertThat(s.usagePrompt).isEqualTo(3);
        assertThat(s.errors).isEmpty();
    }

    @Test
    void llmdChatStreamWithSeparateFinishChunkAndRoleWithoutContent() {
        RecordingSink s = stream(EndpointType.CHAT_COMPLETIONS, "llmd-chat-stream.sse", true);
        RecordingSink.Choice c = s.choices.get(0);
        assertThat(c.roles).isEqualTo(1);
        assertThat(c.outputs).isEqualTo(3);
        assertThat(c.idsAbsent).isTrue();
        assertThat(c.text.toString()).isEqualTo("Hello there!");
        assertThat(c.finish).isEqualTo("stop");
        assertThat(s.usageCompletion).isEqualTo(3);
    }

    @Test
    void multiTokenChunksCountFromUsageNotChunks() {
        RecordingSink s = stream(EndpointType.CHAT_COMPLETIONS, "sglang-chat-stream-interval3.sse", true);
        RecordingSink.Choice c = s.choices.get(0);
        assertThat(c.outputs).isEqualTo(2);
        assertThat(c.text.toString()).isEqualTo("{\"category\": \"Toys > Puzzles\"}");
        assertThat(s.usageCompletion).isEqualTo(9);
    }

    @Test
    void completionsStreamWithTokenIds() {
        RecordingSink s = stream(EndpointType.COMPLETIONS, "vllm-completions-stream.sse", false);
        RecordingSink.Choice c = s.choices.get(0);
        assertThat(c.roles).isZero();
        assertThat(c.ids).containsExactly(12366, 13, 1102, 374);
        assertThat(c.tokens).isEqualTo(4);
        assertThat(c.text.toString()).as("text not collected").isEmpty();
        assertThat(c.finish).isEqualTo("length");
    }

    @Test
    void batchStreamIsDemultiplexedByIndex() {
        RecordingSink s = stream(EndpointType.COMPLETIONS, "vllm-completions-batch-stream.sse", true);
        assertThat(s.choices.get(0).ids).containsExactly(12366, 13);
        assertThat(s.choices.get(0).text.toString()).isEqualTo(" Paris.");
        assertThat(s.choices.get(1).ids).containsExactly(87154, 11, 902);
        assertThat(s.choices.get(1).text.toString()).isEqualTo(" Everest, which");
        assertThat(s.choices.get(0).finish).isEqualTo("length");
        assertThat(s.choices.get(1).finish).isEqualTo("length");
        assertThat(s.usageCompletion).isEqualTo(5);
    }

    @Test
    void errorEventInsideStream() {
        RecordingSink s = stream(EndpointType.CHAT_COMPLETIONS, "vllm-chat-stream-error.sse", true);
        assertThat(s.errors).containsExactly("500 InternalServerError: EngineCore encountered an issue.");
        assertThat(s.choices.get(0).text.toString()).isEqualTo("Partial");
    }

    @Test
    void sglangCumulativeStreamBecomesDeltas() {
        RecordingSink s = stream(EndpointType.GENERATE, "sglang-generate-stream.sse", true);
        RecordingSink.Choice c = s.choices.get(0);
        assertThat(c.ids).containsExactly(12366, 13, 96712, 2448, 11410);
        assertThat(c.text.toString()).isEqualTo(" Paris. Über 🌍");
        assertThat(c.outputs).isEqualTo(4);
        assertThat(c.tokens).isEqualTo(5);
        assertThat(c.finish).isEqualTo("length");
        assertThat(c.completion).isEqualTo(5);
        assertThat(c.prompt).isEqualTo(6);
    }

    @Test
    void sglangIncrementalStreamIsRecognised() {
        RecordingSink cumulative = stream(EndpointType.GENERATE, "sglang-generate-stream.sse", true);
        RecordingSink incremental = stream(EndpointType.GENERATE, "sglang-generate-incremental.sse", true);
        assertThat(incremental.choices.get(0).ids).isEqualTo(cumulative.choices.get(0).ids);
        assertThat(incremental.choices.get(0).text.toString())
                .isEqualTo(cumulative.choices.get(0).text.toString());
    }

    @Test
    void sglangCumulativeWithoutTextCollectionStillSeesOutput() {
        RecordingSink s = stream(EndpointType.GENERATE, "sglang-generate-stream.sse", false);
        assertThat(s.choices.get(0).outputs).isEqualTo(4);
        assertThat(s.choices.get(0).text.toString()).isEmpty();
    }

    @Test
    void sglangBatchStreamUsesIndexField() {
        RecordingSink s = stream(EndpointType.GENERATE, "sglang-generate-batch-stream.sse", false);
        assertThat(s.choices.get(0).ids).containsExactly(12366, 13);
        assertThat(s.choices.get(1).ids).containsExactly(87154, 11);
        assertThat(s.choices.get(0).finish).isEqualTo("stop");
        assertThat(s.choices.get(1).finish).isEqualTo("length");
    }

    @Test
    void sglangAbortFinishIsAnError() {
        RecordingSink s = stream(EndpointType.GENERATE, "sglang-generate-abort.sse", false);
        assertThat(s.errors).containsExactly("503 ServiceUnavailable: The request is aborted by the scheduler.");
        assertThat(s.choices.get(0).finish).isEqualTo("abort");
        assertThat(s.choices.get(0).ids).containsExactly(12366);
    }

    @Test
    void nonStreamBodies() {
        RecordingSink comp = body(EndpointType.COMPLETIONS, "vllm-completions.json", true);
        assertThat(comp.choices.get(0).ids).containsExactly(12366, 13, 1102, 374);
        assertThat(comp.choices.get(0).text.toString()).isEqualTo(" Paris. It is");
        assertThat(comp.usageCompletion).isEqualTo(4);

        RecordingSink batch = body(EndpointType.COMPLETIONS, "vllm-completions-batch.json", false);
        assertThat(batch.choices.get(1).ids).containsExactly(87154, 11, 902);

        RecordingSink chat = body(EndpointType.CHAT_COMPLETIONS, "vllm-chat.json", true);
        assertThat(chat.choices.get(0).roles)
                .as("message.role is not a role chunk")
                .isZero();
        assertThat(chat.choices.get(0).text.toString()).startsWith("{\"category\": \"Toys > Puzzles\"");
        assertThat(chat.choices.get(0).idsAbsent).as("token_ids null").isTrue();
        assertThat(chat.usageCompletion).isEqualTo(26);

        RecordingSink gen = body(EndpointType.GENERATE, "sglang-generate.json", true);
        assertThat(gen.choices.get(0).ids).containsExactly(12366, 13, 12366, 374);
        assertThat(gen.choices.get(0).completion).isEqualTo(4);

        RecordingSink genBatch = body(EndpointType.GENERATE, "sglang-generate-batch.json", true);
        assertThat(genBatch.choices.get(0).text.toString()).isEqualTo(" Paris.");
        assertThat(genBatch.choices.get(1).ids).containsExactly(87154, 11, 902);
        assertThat(genBatch.choices.get(1).completion).isEqualTo(3);
    }

    @Test
    void errorShapesInsideOkBodies() {
        byte[] flat =
                "{\"object\":\"error\",\"message\":\"bad\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}"
                        .getBytes(StandardCharsets.UTF_8);
        RecordingSink s = new RecordingSink();
        EndpointAdapter.of(EndpointType.COMPLETIONS).decoder(s, false).onBody(flat, 0, flat.length, 0);
        assertThat(s.errors).containsExactly("400 BadRequestError: bad");
    }

    @Test
    void malformedJsonIsAFormatError() {
        byte[] bad = "{\"choices\":[{\"text\":\"x\"".getBytes(StandardCharsets.UTF_8);
        ResponseDecoder d = EndpointAdapter.of(EndpointType.COMPLETIONS).decoder(new RecordingSink(), true);
        assertThatThrownBy(() -> d.onEvent(bad, 0, bad.length, 0)).isInstanceOf(ResponseFormatException.class);
        byte[] notObject = "[1,2]".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> d.onEvent(notObject, 0, notObject.length, 0))
                .isInstanceOf(ResponseFormatException.class);
    }

    @ParameterizedTest
    @CsvSource({
        "CHAT_COMPLETIONS, vllm-chat-stream.sse",
        "CHAT_COMPLETIONS, llmd-chat-stream.sse",
        "CHAT_COMPLETIONS, vllm-chat-stream-error.sse",
        "COMPLETIONS, vllm-completions-batch-stream.sse",
        "GENERATE, sglang-generate-stream.sse",
        "GENERATE, sglang-generate-batch-stream.sse",
    })
    void anyChunkingGivesTheSameResult(EndpointType type, String transcript) {
        byte[] b = Transcripts.load(transcript);
        RecordingSink whole = new RecordingSink();
        Transcripts.replay(type, b, new int[0], whole, true);

        int[] every = new int[b.length - 1];
        for (int i = 0; i < every.length; i++) {
            every[i] = i + 1;
        }
        RecordingSink bytewise = new RecordingSink();
        assertThat(Transcripts.replay(type, b, every, bytewise, true)).isTrue();
        assertThat(bytewise.toString()).isEqualTo(whole.toString());

        byte[] crlf =
                new String(b, StandardCharsets.UTF_8).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
        Random rnd = new Random(transcript.hashCode());
        for (int round = 0; round < 30; round++) {
            int[] cuts = rnd.ints(rnd.nextInt(40), 0, crlf.length).sorted().toArray();
            RecordingSink split = new RecordingSink();
            assertThat(Transcripts.replay(type, crlf, cuts, split, true)).isTrue();
            assertThat(split.toString()).isEqualTo(whole.toString());
        }
    }
}
