package io.llmharness.client.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestBodyTest {

    private static final SamplingParams BENCH = SamplingParams.SERVER_DEFAULTS
            .withMaxTokens(128)
            .withMinTokens(128)
            .withTemperature(0.0)
            .withTopK(1)
            .withIgnoreEos(true);

    static JsonNode body(EndpointType type, List<Prompt> prompts, ApiSettings s, boolean stream) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EndpointAdapter.of(type).writeBody(out, prompts, s, stream);
        return DecoderJson.MAPPER.readTree(out.toByteArray());
    }

    @Test
    void completionsWithTokenIdsStreaming() throws IOException {
        JsonNode b = body(
                EndpointType.COMPLETIONS,
                List.of(new Prompt.TokenIds(new int[] {128000, 791})),
                ApiSettings.of("llama-8b", BENCH),
                true);
        assertThat(b.get("model").asText()).isEqualTo("llama-8b");
        assertThat(b.get("prompt").toString()).isEqualTo("[128000,791]");
        assertThat(b.get("max_tokens").asInt()).isEqualTo(128);
        assertThat(b.get("min_tokens").asInt()).isEqualTo(128);
        assertThat(b.get("ignore_eos").asBoolean()).isTrue();
        assertThat(b.get("temperature").asDouble()).isZero();
        assertThat(b.get("top_k").asInt()).isEqualTo(1);
        assertThat(b.get("return_token_ids").asBoolean()).isTrue();
        assertThat(b.get("stream").asBoolean()).isTrue();
        assertThat(b.get("stream_options").toString()).isEqualTo("{\"include_usage\":true}");
        assertThat(b.has("top_p")).as("null params are not sent").isFalse();
    }

    @Test
    void completionsBatchOfIdsAndOfText() throws IOException {
        JsonNode ids = body(
                EndpointType.COMPLETIONS,
                List.of(new Prompt.TokenIds(new int[] {1, 2}), new Prompt.TokenIds(new int[] {3})),
                ApiSettings.of(null, BENCH),
                false);
        assertThat(ids.get("prompt").toString()).isEqualTo("[[1,2],[3]]");
        assertThat(ids.has("model")).isFalse();
        assertThat(ids.has("stream_options"))
                .as("stream_options only with stream")
                .isFalse();

        JsonNode text = body(
                EndpointType.COMPLETIONS,
                List.of(new Prompt.Text("a"), new Prompt.Text("b")),
                ApiSettings.of(null, BENCH),
                false);
        assertThat(text.get("prompt").toString()).isEqualTo("[\"a\",\"b\"]");

        assertThatThrownBy(() -> body(
                        EndpointType.COMPLETIONS,
                        List.of(new Prompt.Text("a"), new Prompt.TokenIds(new int[] {1})),
                        ApiSettings.of(null, BENCH),
                        false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mix");
    }

    @Test
    void chatWithImagePartsAndJsonSchema() throws IOException {
        JsonNode messages = DecoderJson.MAPPER.readTree("""
                [{"role":"system","content":"Return JSON."},
                 {"role":"user","content":[{"type":"text","text":"What is this?"},
                   {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}}]}]
                """);
        JsonNode schema = DecoderJson.MAPPER.readTree("""
                {"name":"product_metadata","strict":true,
                 "schema":{"type":"object","properties":{"brand":{"type":"string"}},"required":["brand"]}}
                """);
        SamplingParams p = SamplingParams.SERVER_DEFAULTS.withJsonSchema(schema);
        JsonNode b =
                body(EndpointType.CHAT_COMPLETIONS, List.of(new Prompt.Chat(messages)), ApiSettings.of("q", p), true);
        assertThat(b.get("messages")).isEqualTo(messages);
        JsonNode rf = b.get("response_format");
        assertThat(rf.get("type").asText()).isEqualTo("json_schema");
        assertThat(rf.at("/json_schema/name").asText()).isEqualTo("product_metadata");
        assertThat(rf.at("/json_schema/strict").asBoolean()).isTrue();
        assertThat(rf.at("/json_schema/schema/required/0").asText()).isEqualTo("brand");
        assertThat(b.has("max_tokens")).as("no max tokens: server default").isFalse();

        ApiSettings structured = new ApiSettings("q", p, false, GuidedDecoding.STRUCTURED_OUTPUTS, false);
        JsonNode so = body(EndpointType.CHAT_COMPLETIONS, List.of(new Prompt.Chat(messages)), structured, false);
        assertThat(so.at("/structured_outputs/json/type").asText()).isEqualTo("object");
        assertThat(so.has("response_format")).isFalse();
        assertThat(so.has("return_token_ids")).isFalse();
    }

    @Test
    void chatMaxTokensUsesBothNamesAndTextBecomesUserMessage() throws IOException {
        JsonNode b =
                body(EndpointType.CHAT_COMPLETIONS, List.of(new Prompt.Text("hi")), ApiSettings.of(null, BENCH), false);
        assertThat(b.get("max_completion_tokens").asInt()).isEqualTo(128);
        assertThat(b.get("max_tokens").asInt()).isEqualTo(128);
        assertThat(b.get("messages").toString()).isEqualTo("[{\"role\":\"user\",\"content\":\"hi\"}]");
        assertThatThrownBy(() -> body(
                        EndpointType.CHAT_COMPLETIONS,
                        List.of(new Prompt.TokenIds(new int[] {1})),
                        ApiSettings.of(null, BENCH),
                        false))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sglangGenerateUsesItsOwnNames() throws IOException {
        JsonNode schema = DecoderJson.MAPPER.readTree("{\"type\":\"object\"}");
        SamplingParams p = BENCH.withSeed(7L)
                .withTopP(0.9)
                .withJsonSchema(schema)
                .withStop(List.of("\n"))
                .withExtra(Map.of("repetition_penalty", 1.1));
        JsonNode b = body(
                EndpointType.GENERATE,
                List.of(new Prompt.TokenIds(new int[] {5, 6}), new Prompt.TokenIds(new int[] {7})),
                ApiSettings.of("ignored", p),
                true);
        assertThat(b.has("model")).isFalse();
        assertThat(b.get("input_ids").toString()).isEqualTo("[[5,6],[7]]");
        JsonNode sp = b.get("sampling_params");
        assertThat(sp.get("max_new_tokens").asInt()).isEqualTo(128);
        assertThat(sp.get("min_new_tokens").asInt()).isEqualTo(128);
        assertThat(sp.get("sampling_seed").asLong()).isEqualTo(7);
        assertThat(sp.get("top_p").asDouble()).isEqualTo(0.9);
        assertThat(sp.get("stop").toString()).isEqualTo("[\"\\n\"]");
        assertThat(sp.get("json_schema").asText()).isEqualTo("{\"type\":\"object\"}");
        assertThat(sp.get("repetition_penalty").asDouble()).isEqualTo(1.1);
        assertThat(b.get("stream").asBoolean()).isTrue();
        assertThat(b.has("stream_options")).isFalse();

        JsonNode single = body(EndpointType.GENERATE, List.of(new Prompt.Text("x")), ApiSettings.of(null, p), false);
        assertThat(single.get("text").asText()).isEqualTo("x");
    }

    @Test
    void extraFieldsOverrideWithoutDuplicates() throws IOException {
        SamplingParams p =
                SamplingParams.SERVER_DEFAULTS.withMaxTokens(16).withExtra(Map.of("max_tokens", 32, "top_k", 5));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EndpointAdapter.of(EndpointType.COMPLETIONS)
                .writeBody(out, List.of(new Prompt.Text("x")), ApiSettings.of(null, p), false);
        String json = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(json.split("\"max_tokens\"", -1)).hasSize(2);
        assertThat(DecoderJson.MAPPER.readTree(json).get("max_tokens").asInt()).isEqualTo(32);
    }

    @Test
    void errorBodiesInEveryShape() {
        assertThat(
                        parse(
                                "{\"error\":{\"message\":\"The model `foo` does not exist.\",\"type\":\"NotFoundError\",\"param\":\"model\",\"code\":404}}"))
                .isEqualTo(new ErrorBody("The model `foo` does not exist.", "NotFoundError"));
        assertThat(
                        parse(
                                "{\"object\":\"error\",\"message\":\"bad top_p\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}"))
                .isEqualTo(new ErrorBody("bad top_p", "BadRequestError"));
        assertThat(parse("{\"error\":\"Unauthorized\"}").message()).isEqualTo("Unauthorized");
        assertThat(parse("{\"detail\":\"Not Found\"}").message()).isEqualTo("Not Found");
        assertThat(parse("Internal Server Error\n").message()).isEqualTo("Internal Server Error");
        assertThat(parse("").message()).isEqualTo("(empty body)");
        assertThat(parse("x".repeat(2000)).message()).hasSize(ErrorBody.MAX_MESSAGE + 1);
    }

    private static ErrorBody parse(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return ErrorBody.parse(b, b.length);
    }
}
