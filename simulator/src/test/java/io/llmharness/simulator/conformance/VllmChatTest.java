package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.TestClient;
import io.llmharness.simulator.request.ImageTokens;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /v1/chat/completions} against the vLLM persona (checklist 4, 5, 7, 8, 11; multimodal; guided decoding). */
class VllmChatTest extends SimTestSupport {
    /** A 1×1 PNG. */
    static final String PNG_1X1 = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkY"
            + "PhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    private TestClient c;

    @BeforeEach
    void setUp() {
        c = client(start(SimulatorOptions.defaults().with(Latency.zero())));
    }

    @Test
    void nonStreamingMessage() {
        JsonNode r = c.postJson("/v1/chat/completions", chat("Name three primes.", 8))
                .json();
        assertThat(r.get("id").asText()).startsWith("chatcmpl-");
        assertThat(r.get("object").asText()).isEqualTo("chat.completion");
        JsonNode msg = r.at("/choices/0/message");
        assertThat(msg.get("role").asText()).isEqualTo("assistant");
        assertThat(msg.get("content").asText()).isNotEmpty();
        assertThat(msg.has("tool_calls")).isFalse();
        assertThat(r.at("/usage/completion_tokens").asInt()).isEqualTo(8);
    }

    @Test
    void streamStartsWithARoleChunkAndEndsWithFinishUsageDone() {
        var s = c.stream("/v1/chat/completions", streaming(chat("hi", 5)).toString());
        assertThat(s.contentType()).isEqualTo("text/event-stream; charset=utf-8");
        List<JsonNode> chunks = s.chunks();
        JsonNode role = chunks.get(0).at("/choices/0/delta");
        assertThat(role.get("role").asText()).isEqualTo("assistant");
        assertThat(role.get("content").asText()).isEmpty();
        JsonNode lastContent = chunks.get(chunks.size() - 2);
        assertThat(lastContent.at("/choices/0/finish_reason").asText()).isEqualTo("length");
        assertThat(lastContent.at("/choices/0/delta/content").isTextual()).isTrue();
        JsonNode usage = chunks.get(chunks.size() - 1);
        assertThat(usage.get("choices")).isEmpty();
        assertThat(usage.at("/usage/completion_tokens").asInt()).isEqualTo(5);
        assertThat(s.sawDone()).isTrue();
        assertThat(chunks).hasSize(1 + 5 + 1);
    }

    @Test
    void streamedChatEqualsNonStreamedForTheSameSeed() {
        ObjectNode body = chat("Tell me a joke", 30).put("n", 2).put("ignore_eos", false);
        JsonNode whole = c.postJson("/v1/chat/completions", body).json();
        var s = c.stream("/v1/chat/completions", streaming(body).toString());
        String[] text = {"", ""};
        int roleChunks = 0;
        for (JsonNode chunk : s.chunks()) {
            for (JsonNode ch : chunk.get("choices")) {
                JsonNode d = ch.get("delta");
                if (d.has("role")) {
                    roleChunks++;
                }
                text[ch.get("index").asInt()] += d.path("content").asText("");
            }
        }
        assertThat(roleChunks).isEqualTo(2);
        assertThat(text[0]).isEqualTo(whole.at("/choices/0/message/content").asText());
        assertThat(text[1]).isEqualTo(whole.at("/choices/1/message/content").asText());
    }

    @Test
    void returnTokenIdsPutsPromptIdsAtTheTop() {
        JsonNode r = c.postJson("/v1/chat/completions", chat("ids", 4).put("return_token_ids", true))
                .json();
        assertThat(r.get("prompt_token_ids").size())
                .isEqualTo(r.at("/usage/prompt_tokens").asInt());
        assertThat(r.at("/choices/0/token_ids")).hasSize(4);
        var s = c.stream(
                "/v1/chat/completions",
                streaming(chat("ids", 4).put("return_token_ids", true)).toString());
        assertThat(s.chunks().get(0).has("prompt_token_ids")).isTrue();
    }

    @Test
    void imagesCountTokensByTheirSize() {
        ObjectNode body = chat("x", 2);
        var content = ((ObjectNode) body.at("/messages/0")).putArray("content");
        content.addObject().put("type", "text").put("text", "What is in this picture?");
        content.addObject().put("type", "image_url").putObject("image_url").put("url", PNG_1X1);
        int withImage = c.postJson("/v1/chat/completions", body)
                .json()
                .at("/usage/prompt_tokens")
                .asInt();
        int textOnly = c.postJson("/v1/chat/completions", chat("What is in this picture?", 2))
                .json()
                .at("/usage/prompt_tokens")
                .asInt();
        assertThat(withImage - textOnly).isEqualTo(ImageTokens.MIN_TOKENS);
        assertThat(ImageTokens.tokensFor(1024, 768)).isEqualTo(37 * 28);
    }

    @Test
    void malformedDataUrlIs400() {
        ObjectNode body = chat("x", 2);
        var content = ((ObjectNode) body.at("/messages/0")).putArray("content");
        content.addObject().put("type", "image_url").putObject("image_url").put("url", "data:image/png,notbase64");
        var r = c.postJson("/v1/chat/completions", body);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().at("/error/type").asText()).isEqualTo("BadRequestError");
    }

    @Test
    void jsonSchemaOutputIsValidJson() throws Exception {
        ObjectNode body = chat("Give me a city.", 200);
        ObjectNode schema = body.putObject("response_format")
                .put("type", "json_schema")
                .putObject("json_schema")
                .put("name", "city")
                .putObject("schema");
        schema.put("type", "object");
        ObjectNode props = schema.putObject("properties");
        props.putObject("city").put("type", "string");
        props.putObject("population").put("type", "integer");
        props.putObject("tags").put("type", "array").putObject("items").put("type", "string");
        schema.putArray("required").add("city").add("population");
        JsonNode r = c.postJson("/v1/chat/completions", body).json();
        JsonNode parsed =
                TestClient.JSON.readTree(r.at("/choices/0/message/content").asText());
        assertThat(parsed.get("city").isTextual()).isTrue();
        assertThat(parsed.get("population").isIntegralNumber()).isTrue();
        assertThat(parsed.get("tags").isArray()).isTrue();
        assertThat(r.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
    }

    @Test
    void structuredOutputsChoicePicksOne() {
        ObjectNode body = chat("Pick one.", 20);
        body.putObject("structured_outputs")
                .putArray("choice")
                .add("red")
                .add("green")
                .add("blue");
        String out = c.postJson("/v1/chat/completions", body)
                .json()
                .at("/choices/0/message/content")
                .asText();
        assertThat(out).isIn("red", "green", "blue");
    }

    @Test
    void withoutALimitChatUsesTheRestOfTheContext() {
        var small = client(start(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxModelLen(64))
                .with(Latency.zero())));
        ObjectNode body = chat("short", 1);
        body.remove("max_completion_tokens");
        JsonNode r = small.postJson("/v1/chat/completions", body).json();
        assertThat(r.at("/usage/total_tokens").asInt()).isEqualTo(64);
        assertThat(r.at("/choices/0/finish_reason").asText()).isEqualTo("length");
    }
}
