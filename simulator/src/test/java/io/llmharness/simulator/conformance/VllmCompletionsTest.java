package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.OutputMode;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.Streaming;
import io.llmharness.simulator.TestClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code /v1/completions} against the vLLM persona: shapes, defaults, streaming, usage (checklist 6–11, 14, 36). */
class VllmCompletionsTest extends SimTestSupport {
    private TestClient c;

    @BeforeEach
    void setUp() {
        c = client(start(SimulatorOptions.defaults().with(Latency.zero())));
    }

    @Test
    void nonStreamingShapeAndUsage() {
        JsonNode r = c.postJson("/v1/completions", completion("The capital of France is", 16))
                .json();
        assertThat(r.get("id").asText()).startsWith("cmpl-");
        assertThat(r.get("object").asText()).isEqualTo("text_completion");
        assertThat(r.get("model").asText()).isEqualTo("sim-model");
        assertThat(r.get("created").isIntegralNumber()).isTrue();
        JsonNode choice = r.get("choices").get(0);
        assertThat(choice.get("index").asInt()).isZero();
        assertThat(choice.get("finish_reason").asText()).isEqualTo("length");
        assertThat(choice.has("stop_reason")).isTrue();
        assertThat(choice.get("logprobs").isNull()).isTrue();
        JsonNode usage = r.get("usage");
        assertThat(usage.get("completion_tokens").asInt()).isEqualTo(16);
        assertThat(usage.get("total_tokens").asInt())
                .isEqualTo(usage.get("prompt_tokens").asInt()
                        + usage.get("completion_tokens").asInt());
        assertThat(usage.has("prompt_tokens_details")).isTrue();
    }

    @Test
    void unknownFieldsAreIgnoredAndMaxTokensDefaultsTo16() {
        ObjectNode body = obj().put("prompt", "hello").put("max_tokenz", 5).put("ignore_eos", true);
        var r = c.postJson("/v1/completions", body);
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().at("/usage/completion_tokens").asInt()).isEqualTo(16);
    }

    @Test
    void batchPromptsAndSamplesArePromptMajor() {
        ObjectNode body = completion("x", 4);
        body.putArray("prompt").add("The capital of France is").add("The tallest mountain is");
        body.put("n", 2);
        JsonNode r = c.postJson("/v1/completions", body).json();
        JsonNode choices = r.get("choices");
        assertThat(choices).hasSize(4);
        for (int i = 0; i < 4; i++) {
            assertThat(choices.get(i).get("index").asInt()).isEqualTo(i);
        }
        assertThat(choices.get(0).get("text").asText())
                .isNotEqualTo(choices.get(1).get("text").asText());
        assertThat(r.at("/usage/completion_tokens").asInt()).isEqualTo(16);
    }

    @Test
    void tokenIdPromptsSingleAndBatch() {
        ObjectNode one = completion("x", 3);
        one.putArray("prompt").add(128000).add(791).add(6864);
        assertThat(c.postJson("/v1/completions", one)
                        .json()
                        .at("/usage/prompt_tokens")
                        .asInt())
                .isEqualTo(3);
        ObjectNode two = completion("x", 3);
        var arr = two.putArray("prompt");
        arr.addArray().add(1).add(2);
        arr.addArray().add(3).add(4).add(5);
        JsonNode r = c.postJson("/v1/completions", two).json();
        assertThat(r.get("choices")).hasSize(2);
        assertThat(r.at("/usage/prompt_tokens").asInt()).isEqualTo(5);
    }

    @Test
    void returnTokenIdsNonStreamingAndStreamedDeltasAgree() {
        ObjectNode body = completion("Tell me a story", 40);
        body.put("return_token_ids", true);
        JsonNode whole =
                c.postJson("/v1/completions", body).json().get("choices").get(0);
        assertThat(whole.get("token_ids")).hasSize(40);
        assertThat(whole.get("prompt_token_ids").size()).isPositive();

        var s = c.stream("/v1/completions", streaming(body).toString());
        List<Integer> ids = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        boolean sawPromptIds = false;
        for (JsonNode chunk : s.chunks()) {
            for (JsonNode ch : chunk.get("choices")) {
                text.append(ch.get("text").asText());
                ch.get("token_ids").forEach(t -> ids.add(t.asInt()));
                sawPromptIds |= ch.get("prompt_token_ids").isArray();
            }
        }
        assertThat(sawPromptIds).isTrue();
        List<Integer> expected = new ArrayList<>();
        whole.get("token_ids").forEach(t -> expected.add(t.asInt()));
        assertThat(ids).isEqualTo(expected);
        assertThat(text.toString()).isEqualTo(whole.get("text").asText());
    }

    @Test
    void completionChunksSerialiseEveryFieldAsVllm011Does() {
        var s = c.stream("/v1/completions", streaming(completion("hello", 3)).toString());
        List<JsonNode> chunks = s.chunks();
        JsonNode first = chunks.get(0);
        assertThat(first.has("usage")).isTrue();
        assertThat(first.get("usage").isNull()).isTrue();
        JsonNode choice = first.at("/choices/0");
        assertThat(choice.get("prompt_token_ids").isNull()).isTrue();
        assertThat(choice.get("token_ids").isNull()).isTrue();
        assertThat(choice.get("logprobs").isNull()).isTrue();
        // the final usage chunk has its nulls stripped
        JsonNode last = chunks.get(chunks.size() - 1);
        assertThat(last.get("choices")).isEmpty();
        assertThat(last.get("usage").get("completion_tokens").asInt()).isEqualTo(3);
    }

    @Test
    void streamReassembledEqualsNonStreamedForTheSameSeed() {
        for (boolean ignoreEos : new boolean[] {true, false}) {
            ObjectNode body = completion("Once upon a time", 64)
                    .put("ignore_eos", ignoreEos)
                    .put("n", 2);
            JsonNode whole = c.postJson("/v1/completions", body).json();
            var s = c.stream("/v1/completions", streaming(body).toString());
            String[] texts = {"", ""};
            String[] finish = new String[2];
            for (JsonNode chunk : s.chunks()) {
                for (JsonNode ch : chunk.get("choices")) {
                    int i = ch.get("index").asInt();
                    texts[i] += ch.get("text").asText();
                    if (!ch.get("finish_reason").isNull()) {
                        finish[i] = ch.get("finish_reason").asText();
                    }
                }
            }
            for (int i = 0; i < 2; i++) {
                JsonNode ch = whole.get("choices").get(i);
                assertThat(texts[i]).isEqualTo(ch.get("text").asText());
                assertThat(finish[i]).isEqualTo(ch.get("finish_reason").asText());
            }
            JsonNode usage = s.chunks().get(s.chunks().size() - 1).get("usage");
            ObjectNode expectedUsage = (ObjectNode) whole.get("usage").deepCopy();
            expectedUsage.remove("prompt_tokens_details");
            assertThat(usage).isEqualTo(expectedUsage);
        }
    }

    @Test
    void sameSeedSameOutputDifferentSeedDifferentOutput() {
        String a = c.postJson("/v1/completions", completion("Same prompt", 20))
                .json()
                .at("/choices/0/text")
                .asText();
        String b = c.postJson("/v1/completions", completion("Same prompt", 20))
                .json()
                .at("/choices/0/text")
                .asText();
        String d = c.postJson("/v1/completions", completion("Same prompt", 20).put("seed", 99))
                .json()
                .at("/choices/0/text")
                .asText();
        assertThat(a).isEqualTo(b).isNotEqualTo(d);
    }

    @Test
    void usageChunkOnlyWhenAskedAndRightBeforeDone() {
        ObjectNode body = completion("usage please", 5).put("stream", true);
        var none = c.stream("/v1/completions", body.toString());
        assertThat(none.sawDone()).isTrue();
        // vLLM 0.11 serialises "usage": null in every completions chunk; no chunk has a usage object
        assertThat(none.chunks()).noneMatch(ch -> ch.path("usage").isObject());

        ObjectNode empty = body.deepCopy();
        empty.putObject("stream_options");
        var withDefault = c.stream("/v1/completions", empty.toString());
        List<JsonNode> chunks = withDefault.chunks();
        JsonNode last = chunks.get(chunks.size() - 1);
        assertThat(last.get("choices")).isEmpty();
        assertThat(last.at("/usage/completion_tokens").asInt()).isEqualTo(5);
        assertThat(chunks.stream().filter(ch -> ch.path("usage").isObject()).count())
                .isEqualTo(1);
        assertThat(withDefault.events().get(withDefault.events().size() - 1).done())
                .isTrue();
    }

    @Test
    void continuousUsageStatsInEveryContentChunk() {
        ObjectNode body = completion("continuous", 6).put("stream", true);
        body.putObject("stream_options").put("include_usage", true).put("continuous_usage_stats", true);
        var s = c.stream("/v1/completions", body.toString());
        int expected = 0;
        for (JsonNode chunk : s.chunks()) {
            assertThat(chunk.has("usage")).isTrue();
            if (!chunk.get("choices").isEmpty()) {
                expected++;
                assertThat(chunk.at("/usage/completion_tokens").asInt()).isEqualTo(expected);
            }
        }
        assertThat(expected).isEqualTo(6);
    }

    @Test
    void streamIntervalPutsSeveralTokensInAChunk() {
        ObjectNode body = streaming(completion("interval", 10)).put("stream_interval", 3);
        var s = c.stream("/v1/completions", body.toString());
        long contentChunks =
                s.chunks().stream().filter(ch -> !ch.get("choices").isEmpty()).count();
        assertThat(contentChunks).isEqualTo(4);
        JsonNode usage = s.chunks().get(s.chunks().size() - 1).get("usage");
        assertThat(usage.get("completion_tokens").asInt()).isEqualTo(10);
    }

    @Test
    void echoPrependsThePrompt() {
        JsonNode r = c.postJson("/v1/completions", completion("Echo me", 3).put("echo", true))
                .json();
        assertThat(r.at("/choices/0/text").asText()).startsWith("Echo me");
    }

    @Test
    void withoutIgnoreEosOutputsStopEarlyOrHitTheLimit() {
        int stops = 0;
        for (int seed = 0; seed < 30; seed++) {
            ObjectNode body =
                    completion("free running", 50).put("ignore_eos", false).put("seed", seed);
            body.put("min_tokens", 5);
            JsonNode ch = c.postJson("/v1/completions", body).json();
            int n = ch.at("/usage/completion_tokens").asInt();
            String finish = ch.at("/choices/0/finish_reason").asText();
            assertThat(n).isBetween(5, 50);
            if (finish.equals("stop")) {
                stops++;
                assertThat(n).isLessThan(50);
            } else {
                assertThat(n).isEqualTo(50);
            }
        }
        assertThat(stops).isBetween(10, 29);
    }

    @Test
    void contextCeilingIsEnforcedForTokenPrompts() {
        SimulatorServer small = start(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxModelLen(64))
                .with(Latency.zero()));
        ObjectNode body = completion("x", 60);
        var arr = body.putArray("prompt");
        for (int i = 0; i < 10; i++) {
            arr.add(500 + i);
        }
        var r = client(small).postJson("/v1/completions", body);
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().at("/error/message").asText()).contains("maximum context length is 64 tokens");
    }

    @Test
    void stopStringsEndTheOutputWithStopReason() {
        SimulatorServer echo = start(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Streaming.DEFAULTS.withOutputMode(OutputMode.ECHO)));
        ObjectNode body = completion("alpha beta STOP gamma delta", 50).put("ignore_eos", false);
        body.put("add_special_tokens", false);
        body.putArray("stop").add("STOP");
        JsonNode r = client(echo).postJson("/v1/completions", body).json();
        assertThat(r.at("/choices/0/text").asText()).isEqualTo("alpha beta ");
        assertThat(r.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
        assertThat(r.at("/choices/0/stop_reason").asText()).isEqualTo("STOP");
        var s = client(echo).stream("/v1/completions", streaming(body).toString());
        StringBuilder t = new StringBuilder();
        s.chunks()
                .forEach(ch ->
                        ch.get("choices").forEach(x -> t.append(x.get("text").asText())));
        assertThat(t.toString()).isEqualTo("alpha beta ");
    }
}
