package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.TestClient;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The OpenAI-compatible checklist items both personas must pass (items 4, 5, 7, 8, 10, 11, 12, 22, 36). */
class BothPersonasOpenAiTest extends SimTestSupport {
    private TestClient client(Persona p) {
        SimulatorServer s = start(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(p))
                .with(Latency.fixed(1, 1)));
        s.awaitReady(10_000);
        return client(s);
    }

    @ParameterizedTest
    @EnumSource(Persona.class)
    void chatStreamShapeUsageAndDone(Persona persona) {
        TestClient c = client(persona);
        ObjectNode body = chat("hello", 6).put("n", 2);
        body.put("stream", true).putObject("stream_options");
        var s = c.stream("/v1/chat/completions", body.toString());
        assertThat(s.sawDone()).isTrue();
        List<JsonNode> chunks = s.chunks();
        JsonNode usage = chunks.get(chunks.size() - 1);
        assertThat(usage.get("choices")).isEmpty();
        assertThat(usage.at("/usage/completion_tokens").asInt()).isEqualTo(12);
        int[] content = new int[2];
        int[] finishes = new int[2];
        int[] roles = new int[2];
        for (JsonNode chunk : chunks.subList(0, chunks.size() - 1)) {
            JsonNode ch = chunk.at("/choices/0");
            int i = ch.get("index").asInt();
            if (ch.at("/delta/role").isTextual()) {
                roles[i]++;
                assertThat(content[i]).as("role chunk comes first").isZero();
            } else {
                content[i]++;
            }
            if (!ch.get("finish_reason").isNull()) {
                finishes[i]++;
            }
        }
        assertThat(roles).containsExactly(1, 1);
        assertThat(content).containsExactly(6, 6);
        assertThat(finishes).containsExactly(1, 1);
    }

    @ParameterizedTest
    @EnumSource(Persona.class)
    void streamedEqualsNonStreamedAndUsageAddsUp(Persona persona) {
        TestClient c = client(persona);
        ObjectNode body = completion("same seed, same text", 25).put("ignore_eos", false);
        JsonNode whole = c.postJson("/v1/completions", body).json();
        JsonNode u = whole.get("usage");
        assertThat(u.get("total_tokens").asInt())
                .isEqualTo(u.get("prompt_tokens").asInt()
                        + u.get("completion_tokens").asInt());
        var s = c.stream("/v1/completions", streaming(body).toString());
        StringBuilder text = new StringBuilder();
        s.chunks()
                .forEach(ch ->
                        ch.get("choices").forEach(x -> text.append(x.get("text").asText())));
        assertThat(text.toString()).isEqualTo(whole.at("/choices/0/text").asText());
    }

    @ParameterizedTest
    @EnumSource(Persona.class)
    void errorsComeBeforeTheStreamAsJson(Persona persona) {
        TestClient c = client(persona);
        ObjectNode bad = completion("x", 4).put("temperature", -1);
        var s = c.stream("/v1/completions", streaming(bad).toString());
        assertThat(s.status()).isEqualTo(400);
        assertThat(s.contentType()).startsWith("application/json");
        ObjectNode opts = completion("x", 4);
        opts.putObject("stream_options").put("include_usage", true);
        var r = c.postJson("/v1/completions", opts);
        assertThat(r.status()).isEqualTo(400);
        String message = persona == Persona.VLLM
                ? r.json().at("/error/message").asText()
                : r.json().get("message").asText();
        assertThat(message).isEqualTo("Stream options can only be defined when `stream=True`.");
    }
}
