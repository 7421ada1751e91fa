package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.TestClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Logprobs in vLLM's completions and chat shapes and SGLang's {@code meta_info} tuples: consistent with the output,
 * deterministic per seed, the same streamed and not, bounded by {@code --max-logprobs}.
 */
class LogprobsTest extends SimTestSupport {

    private TestClient vllm() {
        return client(start(SimulatorOptions.defaults().with(Latency.zero())));
    }

    @Test
    void completionsLogprobsMatchTheTokensAndTheText() {
        TestClient c = vllm();
        ObjectNode body = completion("The capital of France is", 12).put("logprobs", 3);
        body.put("return_token_ids", true);
        JsonNode choice = c.postJson("/v1/completions", body).json().at("/choices/0");
        JsonNode lp = choice.get("logprobs");
        List<String> fields = new ArrayList<>();
        lp.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("text_offset", "token_logprobs", "tokens", "top_logprobs");
        assertThat(lp.get("tokens")).hasSize(12);
        assertThat(lp.get("token_logprobs")).hasSize(12);
        assertThat(lp.get("top_logprobs")).hasSize(12);
        StringBuilder joined = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            assertThat(lp.at("/text_offset/" + i).asInt()).isEqualTo(joined.length());
            String token = lp.at("/tokens/" + i).asText();
            joined.append(token);
            double chosen = lp.at("/token_logprobs/" + i).asDouble();
            assertThat(chosen).isLessThan(0).isGreaterThan(-1);
            JsonNode top = lp.at("/top_logprobs/" + i);
            assertThat(top.size()).isEqualTo(3);
            assertThat(top.get(token).asDouble()).isEqualTo(chosen);
            double sum = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = top.fields(); it.hasNext(); ) {
                double v = it.next().getValue().asDouble();
                assertThat(v).isLessThanOrEqualTo(chosen);
                sum += Math.exp(v);
            }
            assertThat(sum).isLessThanOrEqualTo(1.0);
        }
        assertThat(joined.toString()).isEqualTo(choice.get("text").asText());
    }

    @Test
    void chatLogprobsCarryBytesAndExactlyTopN() {
        TestClient c = vllm();
        ObjectNode body =
                chat("Name three prime numbers.", 8).put("logprobs", true).put("top_logprobs", 2);
        JsonNode choice = c.postJson("/v1/chat/completions", body).json().at("/choices/0");
        JsonNode content = choice.at("/logprobs/content");
        assertThat(content).hasSize(8);
        StringBuilder joined = new StringBuilder();
        for (JsonNode e : content) {
            String token = e.get("token").asText();
            joined.append(token);
            byte[] bytes = new byte[e.get("bytes").size()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = (byte) e.get("bytes").get(i).asInt();
            }
            assertThat(new String(bytes, StandardCharsets.UTF_8)).isEqualTo(token);
            JsonNode top = e.get("top_logprobs");
            assertThat(top).hasSize(2);
            assertThat(top.get(0).get("token").asText()).isEqualTo(token);
            assertThat(top.get(0).get("logprob").asDouble())
                    .isEqualTo(e.get("logprob").asDouble());
            assertThat(top.get(1).get("logprob").asDouble())
                    .isLessThan(e.get("logprob").asDouble());
            assertThat(top.get(1).get("token").asText()).isNotEqualTo(token);
        }
        assertThat(joined.toString()).isEqualTo(choice.at("/message/content").asText());

        ObjectNode noTop = chat("Name three prime numbers.", 4).put("logprobs", true);
        JsonNode first = c.postJson("/v1/chat/completions", noTop).json().at("/choices/0/logprobs/content/0");
        assertThat(first.get("top_logprobs")).isEmpty();
        assertThat(c.postJson("/v1/chat/completions", chat("hi", 4))
                        .json()
                        .at("/choices/0/logprobs")
                        .isNull())
                .isTrue();
    }

    @Test
    void deterministicPerSeedAndEqualStreamedOrNot() {
        TestClient c = vllm();
        ObjectNode body = completion("Once upon a time", 10).put("logprobs", 2);
        JsonNode a = c.postJson("/v1/completions", body).json().at("/choices/0/logprobs");
        JsonNode b = c.postJson("/v1/completions", body).json().at("/choices/0/logprobs");
        assertThat(a).isEqualTo(b);
        body.put("stream_interval", 3);
        List<JsonNode> chunks =
                c.stream("/v1/completions", streaming(body).toString()).chunks();
        List<Double> streamed = new ArrayList<>();
        List<Integer> offsets = new ArrayList<>();
        for (JsonNode chunk : chunks) {
            JsonNode lp = chunk.at("/choices/0/logprobs");
            if (chunk.get("choices").isEmpty() || lp.isNull()) {
                continue;
            }
            lp.get("token_logprobs").forEach(v -> streamed.add(v.asDouble()));
            lp.get("text_offset").forEach(v -> offsets.add(v.asInt()));
        }
        List<Double> whole = new ArrayList<>();
        a.get("token_logprobs").forEach(v -> whole.add(v.asDouble()));
        List<Integer> wholeOffsets = new ArrayList<>();
        a.get("text_offset").forEach(v -> wholeOffsets.add(v.asInt()));
        assertThat(streamed).isEqualTo(whole);
        assertThat(offsets).isEqualTo(wholeOffsets);

        ObjectNode other = completion("Once upon a time", 10).put("logprobs", 2).put("seed", 99);
        assertThat(c.postJson("/v1/completions", other).json().at("/choices/0/logprobs"))
                .isNotEqualTo(a);
    }

    @Test
    void chatStreamCarriesLogprobsPerChunk() {
        TestClient c = vllm();
        ObjectNode body = chat("hello", 6).put("logprobs", true).put("top_logprobs", 1);
        int tokens = 0;
        for (JsonNode chunk :
                c.stream("/v1/chat/completions", streaming(body).toString()).chunks()) {
            JsonNode choices = chunk.get("choices");
            if (choices.isEmpty() || choices.get(0).at("/delta/role").isTextual()) {
                continue;
            }
            JsonNode content = choices.get(0).at("/logprobs/content");
            StringBuilder text = new StringBuilder();
            content.forEach(e -> text.append(e.get("token").asText()));
            assertThat(text.toString())
                    .isEqualTo(choices.get(0).at("/delta/content").asText());
            tokens += content.size();
        }
        assertThat(tokens).isEqualTo(6);
    }

    @Test
    void aboveMaxLogprobsIsVllmsBadRequest() {
        TestClient c = vllm();
        var r = c.postJson("/v1/completions", completion("x", 2).put("logprobs", 21));
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().at("/error/message").asText())
                .isEqualTo("Requested sample logprobs of 21, which is greater than max allowed: 20");
        assertThat(r.json().at("/error/type").asText()).isEqualTo("BadRequestError");
        var chat = c.postJson(
                "/v1/chat/completions", chat("x", 2).put("logprobs", true).put("top_logprobs", 50));
        assertThat(chat.status()).isEqualTo(400);
        assertThat(c.postJson("/v1/completions", completion("x", 2).put("logprobs", 20))
                        .status())
                .isEqualTo(200);

        TestClient wide = client(
                start(SimulatorOptions.defaults().with(Latency.zero()).with(Capacity.DEFAULTS.withMaxLogprobs(50))));
        assertThat(wide.postJson("/v1/completions", completion("x", 2).put("logprobs", 50))
                        .json()
                        .at("/choices/0/logprobs/top_logprobs/0")
                        .size())
                .isEqualTo(50);
    }

    @Test
    void sglangGenerateReturnsLogprobTuplesInMetaInfo() {
        TestClient c = client(start(
                SimulatorOptions.defaults().with(Latency.zero()).with(Identity.DEFAULTS.withPersona(Persona.SGLANG))));
        ObjectNode body = obj().put("text", "The capital of France is");
        body.putObject("sampling_params")
                .put("max_new_tokens", 5)
                .put("ignore_eos", true)
                .put("sampling_seed", 3);
        body.put("return_logprob", true).put("top_logprobs_num", 2).put("return_text_in_logprobs", true);
        JsonNode r = c.postJson("/generate", body).json();
        JsonNode out = r.at("/meta_info/output_token_logprobs");
        assertThat(out).hasSize(5);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            JsonNode t = out.get(i);
            assertThat(t.get(1).asInt()).isEqualTo(r.at("/output_ids/" + i).asInt());
            text.append(t.get(2).asText());
            JsonNode top = r.at("/meta_info/output_top_logprobs/" + i);
            assertThat(top).hasSize(2);
            assertThat(top.get(0)).isEqualTo(t);
        }
        assertThat(text.toString()).isEqualTo(r.get("text").asText());
        assertThat(r.at("/meta_info/input_token_logprobs/0/0").isNull()).isTrue();

        body.remove("return_logprob");
        assertThat(c.postJson("/generate", body).json().get("meta_info").has("output_token_logprobs"))
                .isFalse();
    }
}
