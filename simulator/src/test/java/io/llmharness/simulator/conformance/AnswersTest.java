package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.TestClient;
import io.llmharness.simulator.output.Answers;
import io.llmharness.simulator.tokens.SimTokenizer;
import org.junit.jupiter.api.Test;

/** Fixed answers by prompt ids ({@code harness sim --answers}): the answer whole, then EOS; other prompts generated. */
class AnswersTest extends SimTestSupport {

    private static final int[] PROMPT = {500, 501, 502, 128000};
    private static final String ANSWER = "The reference answer, longer than the limit. Second sentence.";

    private TestClient client() {
        Answers answers = Answers.builder("test")
                .add(PROMPT, SimTokenizer.INSTANCE.encode(ANSWER))
                .build();
        SimulatorOptions o = SimulatorOptions.defaults().with(Latency.zero());
        return client(start(o.with(o.streaming().withAnswers(answers))));
    }

    private static ObjectNode request(int[] prompt, int maxTokens, boolean stream) {
        ObjectNode n = obj();
        n.put("model", "sim-model");
        var p = n.putArray("prompt");
        for (int id : prompt) {
            p.add(id);
        }
        n.put("max_tokens", maxTokens);
        n.put("temperature", 0);
        n.put("return_token_ids", true);
        n.put("stream", stream);
        return n;
    }

    @Test
    void aKnownPromptGetsItsAnswerWholeThenEos() {
        TestClient c = client();
        int answerTokens = SimTokenizer.INSTANCE.count(ANSWER);
        JsonNode r = c.postJson("/v1/completions", request(PROMPT, 4, false)).json();
        assertThat(r.at("/choices/0/text").asText()).isEqualTo(ANSWER);
        assertThat(r.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
        JsonNode ids = r.at("/choices/0/token_ids");
        assertThat(ids).hasSize(answerTokens + 1);
        assertThat(ids.get(answerTokens).asInt()).isEqualTo(SimTokenizer.EOS);
        assertThat(r.at("/usage/completion_tokens").asInt()).isEqualTo(answerTokens + 1);
    }

    @Test
    void streamedTheSameAndOtherPromptsAreGenerated() {
        TestClient c = client();
        StringBuilder text = new StringBuilder();
        for (JsonNode chunk :
                c.stream("/v1/completions", request(PROMPT, 4, true).toString()).chunks()) {
            text.append(chunk.at("/choices/0/text").asText());
        }
        assertThat(text.toString()).isEqualTo(ANSWER);
        JsonNode other = c.postJson("/v1/completions", request(new int[] {500, 501, 502}, 4, false))
                .json();
        assertThat(other.at("/usage/completion_tokens").asInt()).isLessThanOrEqualTo(4);
        assertThat(other.at("/choices/0/text").asText()).isNotEqualTo(ANSWER);
    }
}
