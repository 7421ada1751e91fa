package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ChoiceOutput;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every endpoint adapter × streamed / not × vLLM and SGLang persona, real client against the real simulator: the
 * output ids, text and counts the client reports equal what the simulator produced. Ground truth comes from the
 * simulator through an independent JDK client (a non-streamed reference request for the same greedy prompt, which
 * the simulator answers identically) and from its {@code /sim/timings} record of the client's own request.
 */
class EndpointAdaptersTest {

    private static final int MAX_TOKENS = 24;
    private static final int[] IDS = {1, 9136, 374, 264, 1296, 315, 279, 13, 70000, 123456, 42};
    private static final String TEXT = "Benchmarks should measure the server, not the client. Ünïcödé ✓ too.";
    private static final String CHAT = "Say something about continuous batching and ✓ marks.";

    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    enum Input {
        IDS,
        TEXT,
        CHAT
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Persona persona : Persona.values()) {
            for (boolean stream : new boolean[] {false, true}) {
                out.add(Arguments.of(persona, EndpointType.COMPLETIONS, Input.IDS, stream));
                out.add(Arguments.of(persona, EndpointType.COMPLETIONS, Input.TEXT, stream));
                out.add(Arguments.of(persona, EndpointType.CHAT_COMPLETIONS, Input.CHAT, stream));
                if (persona == Persona.SGLANG) {
                    out.add(Arguments.of(persona, EndpointType.GENERATE, Input.IDS, stream));
                    out.add(Arguments.of(persona, EndpointType.GENERATE, Input.TEXT, stream));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2} stream={3}")
    @MethodSource("cases")
    void clientReportsExactlyWhatTheSimulatorSent(Persona persona, EndpointType type, Input input, boolean stream) {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(persona))
                .with(Latency.fixed(2, 1))
                .with(Compatibility.DEFAULTS.withMetricsEnabled(true))
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true))
                .withSeed(17));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(type)
                .api(new ApiSettings(
                        "sim-model",
                        SamplingParams.SERVER_DEFAULTS.withMaxTokens(MAX_TOKENS).withTemperature(0.0),
                        true,
                        GuidedDecoding.RESPONSE_FORMAT,
                        false))
                .collectText(true)
                .eventLoops(1)
                .keepChunkTimes(true)
                .transport(TransportOptions.defaults().withHeaders(Map.of("X-Sim-Record-Timings", "1")))
                .build());

        Truth truth = reference(sim, type, input);
        rig.clearTimings(sim);
        RequestResult result = Rig.send(client, prompt(input), stream);

        RequestRecord r = result.record();
        assertThat(result.ok()).as(r.outcome().describe()).isTrue();
        ChoiceOutput c = result.choice(0);
        if (truth.ids == null) {
            // SGLang's OpenAI endpoints have no return_token_ids: the count comes from usage
            assertThat(c.tokenIds()).isNull();
            assertThat(r.outputTokenSource()).isEqualTo(TokenCountSource.SERVER_USAGE);
        } else {
            assertThat(c.tokenIds()).as("output token ids").containsExactly(truth.ids);
            assertThat(r.outputTokenSource()).isEqualTo(TokenCountSource.TOKEN_IDS);
        }
        assertThat(c.text()).as("output text").isEqualTo(truth.text);
        assertThat(c.finishReason()).isEqualTo(truth.finish);
        assertThat(r.outputTokens()).isEqualTo(truth.completionTokens);
        assertThat(c.serverTokens()).as("usage / meta_info parsed").isEqualTo(truth.completionTokens);
        assertThat(r.inputTokens()).as("prompt tokens from usage").isEqualTo(truth.promptTokens);
        assertThat(r.httpStatus()).isEqualTo(200);

        JsonNode t = rig.onlyTiming(sim);
        assertThat(t.get("tokens").asLong()).as("tokens the simulator emitted").isEqualTo(truth.completionTokens);
        assertThat(t.get("prompt_tokens").asLong()).isEqualTo(truth.promptTokens);
        long firstEmit = t.get("first_token_ns").asLong();
        // One clock in one JVM, and the simulator stamps a chunk right before writing it: the client cannot read the
        // first token earlier. Allowance 1 ms: in 2 of ~30 runs on the shared machine the client's read time was
        // ~0.1 ms before the server's stamp (unexplained; docs/simulator.md, "Ground truth").
        assertThat(r.firstTokenNs() + 1_000_000)
                .as(
                        "first token seen after the server wrote it: client chunks %s, headers %d, server %s",
                        Arrays.toString(r.chunkTimesNs()), r.headersNs(), t)
                .isGreaterThanOrEqualTo(firstEmit);
        // Without token ids, a final chunk that carries only EOS has empty text: nothing for the client to see
        boolean emptyEosChunk = truth.ids == null && truth.finish.equals("stop");
        List<Long> contentEmits = new ArrayList<>();
        for (int i = 0; i < t.get("event_ns").size(); i++) {
            if (t.get("event_tokens").get(i).asInt() > 0) {
                contentEmits.add(t.get("event_ns").get(i).asLong());
            }
        }
        if (stream && emptyEosChunk) {
            contentEmits.remove(contentEmits.size() - 1);
        }
        // done_ns is stamped after the final write, so the client may legitimately finish before it: compare the
        // last output chunk instead, which is stamped before its write.
        assertThat(r.lastTokenNs() + 1_000_000).isGreaterThanOrEqualTo(contentEmits.get(contentEmits.size() - 1));
        assertThat(r.doneNs()).isGreaterThanOrEqualTo(r.lastTokenNs());
        if (stream) {
            assertThat(r.chunks()).as("content chunks").isEqualTo(contentEmits.size());
            assertThat(r.lastTokenNs()).isGreaterThan(r.firstTokenNs());
        } else {
            assertThat(r.chunks()).isEqualTo(1);
        }
    }

    private static Prompt prompt(Input input) {
        return switch (input) {
            case IDS -> new Prompt.TokenIds(IDS);
            case TEXT -> new Prompt.Text(TEXT);
            case CHAT -> new Prompt.Chat(chatMessages());
        };
    }

    private static JsonNode chatMessages() {
        var messages = Rig.JSON.createArrayNode();
        messages.addObject().put("role", "system").put("content", "Be brief.");
        messages.addObject().put("role", "user").put("content", CHAT);
        return messages;
    }

    private record Truth(int[] ids, String text, String finish, long completionTokens, long promptTokens) {}

    /** The same greedy request, non-streamed, sent by the JDK client; read with Jackson, not our decoders. */
    private Truth reference(SimulatorServer sim, EndpointType type, Input input) {
        ObjectNode body = Rig.JSON.createObjectNode();
        switch (type) {
            case GENERATE -> {
                if (input == Input.IDS) {
                    ids(body.putArray("input_ids"));
                } else {
                    body.put("text", TEXT);
                }
                body.putObject("sampling_params")
                        .put("max_new_tokens", MAX_TOKENS)
                        .put("temperature", 0.0);
                JsonNode r = rig.post(sim, "/generate", body);
                JsonNode meta = r.get("meta_info");
                return new Truth(
                        Rig.ints(r.get("output_ids")),
                        r.get("text").asText(),
                        meta.get("finish_reason").get("type").asText(),
                        meta.get("completion_tokens").asLong(),
                        meta.get("prompt_tokens").asLong());
            }
            case COMPLETIONS -> {
                body.put("model", "sim-model");
                if (input == Input.IDS) {
                    ids(body.putArray("prompt"));
                } else {
                    body.put("prompt", TEXT);
                }
                body.put("max_tokens", MAX_TOKENS).put("temperature", 0.0).put("return_token_ids", true);
                JsonNode r = rig.post(sim, "/v1/completions", body);
                JsonNode choice = r.get("choices").get(0);
                return new Truth(
                        choice.has("token_ids") ? Rig.ints(choice.get("token_ids")) : null,
                        choice.get("text").asText(),
                        choice.get("finish_reason").asText(),
                        r.get("usage").get("completion_tokens").asLong(),
                        r.get("usage").get("prompt_tokens").asLong());
            }
            default -> {
                body.put("model", "sim-model");
                body.set("messages", chatMessages());
                body.put("max_completion_tokens", MAX_TOKENS)
                        .put("temperature", 0.0)
                        .put("return_token_ids", true);
                JsonNode r = rig.post(sim, "/v1/chat/completions", body);
                JsonNode choice = r.get("choices").get(0);
                return new Truth(
                        choice.has("token_ids") ? Rig.ints(choice.get("token_ids")) : null,
                        choice.get("message").get("content").asText(),
                        choice.get("finish_reason").asText(),
                        r.get("usage").get("completion_tokens").asLong(),
                        r.get("usage").get("prompt_tokens").asLong());
            }
        }
    }

    private static void ids(com.fasterxml.jackson.databind.node.ArrayNode a) {
        for (int id : IDS) {
            a.add(id);
        }
    }
}
