package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.Streaming;
import io.llmharness.simulator.TestClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The SGLang persona: {@code /generate}, its OpenAI endpoints, info endpoints, metrics (checklist 37; §4). */
class SglangTest extends SimTestSupport {
    private TestClient sglang(SimulatorOptions o) {
        SimulatorServer s = start(o.with(o.identity().withPersona(Persona.SGLANG)));
        assertThat(s.awaitReady(10_000)).isTrue();
        return client(s);
    }

    private static ObjectNode generate(int maxNew) {
        ObjectNode n = obj();
        n.putObject("sampling_params")
                .put("max_new_tokens", maxNew)
                .put("ignore_eos", true)
                .put("sampling_seed", 7);
        return n;
    }

    @Test
    void generateWithTextAndInputIds() {
        TestClient c = sglang(SimulatorOptions.defaults().with(Latency.zero()));
        JsonNode r = c.postJson("/generate", generate(12).put("text", "The capital of France is"))
                .json();
        assertThat(r.get("text").isTextual()).isTrue();
        assertThat(r.get("output_ids")).hasSize(12);
        JsonNode meta = r.get("meta_info");
        assertThat(meta.get("id").asText()).isNotBlank();
        assertThat(meta.get("prompt_tokens").asInt()).isPositive();
        assertThat(meta.get("completion_tokens").asInt()).isEqualTo(12);
        assertThat(meta.at("/finish_reason/type").asText()).isEqualTo("length");
        assertThat(meta.at("/finish_reason/length").asInt()).isEqualTo(12);
        assertThat(meta.get("e2e_latency").isNumber()).isTrue();

        ObjectNode ids = generate(4);
        ids.putArray("input_ids").add(200006).add(17360).add(200008);
        JsonNode r2 = c.postJson("/generate", ids).json();
        assertThat(r2.at("/meta_info/prompt_tokens").asInt()).isEqualTo(3);
    }

    @Test
    void defaultMaxNewTokensIs128() {
        TestClient c = sglang(SimulatorOptions.defaults().with(Latency.zero()));
        ObjectNode body = obj().put("text", "defaults");
        body.putObject("sampling_params").put("ignore_eos", true);
        assertThat(c.postJson("/generate", body)
                        .json()
                        .at("/meta_info/completion_tokens")
                        .asInt())
                .isEqualTo(128);
    }

    @Test
    void batchInputReturnsAnArrayAndStreamsWithIndex() {
        TestClient c = sglang(SimulatorOptions.defaults().with(Latency.zero()));
        ObjectNode body = generate(5);
        var ids = body.putArray("input_ids");
        ids.addArray().add(1).add(2).add(3);
        ids.addArray().add(4).add(5);
        JsonNode r = c.postJson("/generate", body).json();
        assertThat(r.isArray()).isTrue();
        assertThat(r).hasSize(2);
        var s = c.stream("/generate", body.deepCopy().put("stream", true).toString());
        assertThat(s.sawDone()).isTrue();
        boolean[] seen = new boolean[2];
        for (JsonNode e : s.chunks()) {
            seen[e.get("index").asInt()] = true;
        }
        assertThat(seen).containsExactly(true, true);
    }

    @Test
    void streamingIsCumulativeAndEndsWithAFinishObject() {
        TestClient c = sglang(SimulatorOptions.defaults().with(Latency.zero()));
        ObjectNode body = generate(20).put("text", "cumulative");
        JsonNode whole = c.postJson("/generate", body).json();
        var s = c.stream("/generate", body.deepCopy().put("stream", true).toString());
        List<JsonNode> events = s.chunks();
        assertThat(events).hasSize(20);
        String previous = "";
        for (int i = 0; i < events.size(); i++) {
            JsonNode e = events.get(i);
            String text = e.get("text").asText();
            assertThat(text).startsWith(previous);
            previous = text;
            assertThat(e.get("output_ids")).hasSize(i + 1);
            assertThat(e.at("/meta_info/completion_tokens").asInt()).isEqualTo(i + 1);
            if (i < events.size() - 1) {
                assertThat(e.at("/meta_info/finish_reason").isNull()).isTrue();
            }
        }
        JsonNode last = events.get(events.size() - 1);
        assertThat(last.at("/meta_info/finish_reason/type").asText()).isEqualTo("length");
        assertThat(last.get("text").asText()).isEqualTo(whole.get("text").asText());
        assertThat(last.get("output_ids")).isEqualTo(whole.get("output_ids"));
    }

    @Test
    void incrementalStreamingSendsDeltas() {
        TestClient c = sglang(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Streaming.DEFAULTS.withIncrementalStreamingOutput(true)));
        var s = c.stream(
                "/generate",
                generate(6).put("text", "deltas").put("stream", true).toString());
        List<Integer> ids = new ArrayList<>();
        for (JsonNode e : s.chunks()) {
            assertThat(e.get("output_ids")).hasSize(1);
            ids.add(e.at("/output_ids/0").asInt());
        }
        assertThat(ids).hasSize(6);
    }

    @Test
    void naturalStopReportsTheMatchedEosToken() {
        TestClient c = sglang(SimulatorOptions.defaults().with(Latency.zero()));
        boolean sawStop = false;
        for (int seed = 0; seed < 20 && !sawStop; seed++) {
            ObjectNode body = obj().put("text", "free");
            body.putObject("sampling_params").put("max_new_tokens", 50).put("sampling_seed", seed);
            JsonNode fr = c.postJson("/generate", body).json().at("/meta_info/finish_reason");
            if (fr.get("type").asText().equals("stop")) {
                sawStop = true;
                assertThat(fr.get("matched").asInt()).isEqualTo(2);
            }
        }
        assertThat(sawStop).isTrue();
    }

    @Test
    void nativeErrorsAndOpenAiFlatErrors() {
        TestClient c = sglang(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxModelLen(64))
                .with(Latency.zero()));
        var empty = c.post("/generate", "{\"input_ids\": []}");
        assertThat(empty.status()).isEqualTo(400);
        assertThat(empty.json().at("/error/message").asText()).isEqualTo("input_ids cannot be empty.");
        ObjectNode bad = generate(5).put("text", "x");
        ((ObjectNode) bad.get("sampling_params")).put("temperature", -1);
        assertThat(c.postJson("/generate", bad).json().at("/error/message").asText())
                .startsWith("temperature must be non-negative");
        var overflow = c.postJson("/v1/completions", completion("x", 100));
        assertThat(overflow.status()).isEqualTo(400);
        JsonNode flat = overflow.json();
        assertThat(flat.get("object").asText()).isEqualTo("error");
        assertThat(flat.get("message").asText()).contains("maximum context length of 64 tokens");
        assertThat(flat.get("code").asInt()).isEqualTo(400);
        // SGLang does not validate the model name on its OpenAI endpoints and echoes it back
        JsonNode any = c.postJson("/v1/completions", completion("x", 2).put("model", "whatever"))
                .json();
        assertThat(any.get("model").asText()).isEqualTo("whatever");
        assertThat(any.at("/choices/0").has("matched_stop")).isTrue();
        // max_new_tokens beyond the context is capped, not rejected
        JsonNode capped =
                c.postJson("/generate", generate(1000).put("text", "x")).json();
        assertThat(capped.at("/meta_info/completion_tokens").asInt()
                        + capped.at("/meta_info/prompt_tokens").asInt())
                .isEqualTo(64);
    }

    @Test
    void chatStreamCarriesReasoningContentNull() {
        TestClient c = sglang(SimulatorOptions.defaults().with(Latency.zero()));
        var s = c.stream("/v1/chat/completions", streaming(chat("hello", 3)).toString());
        JsonNode content = s.chunks().get(1);
        assertThat(content.at("/choices/0/delta").has("reasoning_content")).isTrue();
        assertThat(s.sawDone()).isTrue();
    }

    @Test
    void infoEndpoints() {
        TestClient c = sglang(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withModel("openai/gpt-oss-120b"))
                .with(Latency.zero()));
        assertThat(c.get("/health").status()).isEqualTo(200);
        assertThat(c.get("/health_generate").status()).isEqualTo(200);
        assertThat(c.get("/ping").status()).isEqualTo(200);
        for (String path : List.of("/model_info", "/get_model_info")) {
            JsonNode info = c.get(path).json();
            assertThat(info.get("model_path").asText()).isEqualTo("openai/gpt-oss-120b");
            assertThat(info.get("is_generation").asBoolean()).isTrue();
        }
        for (String path : List.of("/server_info", "/get_server_info")) {
            JsonNode info = c.get(path).json();
            assertThat(info.get("context_length").asInt()).isEqualTo(32768);
            assertThat(info.get("max_total_num_tokens").asLong()).isPositive();
            assertThat(info.get("internal_states").isArray()).isTrue();
        }
        JsonNode models = c.get("/v1/models").json();
        assertThat(models.at("/data/0/owned_by").asText()).isEqualTo("sglang");
        assertThat(c.get("/v1/models/openai/gpt-oss-120b").status()).isEqualTo(200);
        assertThat(c.get("/v1/models/nope").status()).isEqualTo(404);
        assertThat(c.get("/metrics").status()).isEqualTo(404);
        assertThat(c.get("/version").status()).isEqualTo(404);
        assertThat(c.get("/flush_cache").status()).isEqualTo(200);
    }

    @Test
    void metricsWhenEnabled() {
        TestClient c = sglang(
                SimulatorOptions.defaults().with(Latency.zero()).with(Compatibility.DEFAULTS.withMetricsEnabled(true)));
        c.postJson("/generate", generate(9).put("text", "count me"));
        String m = c.get("/metrics").body();
        assertThat(metric(m, "sglang:generation_tokens_total{model_name=\"sim-model\"}"))
                .isGreaterThanOrEqualTo(9);
        String scheduler = "{engine_type=\"unified\",model_name=\"sim-model\",pp_rank=\"0\",tp_rank=\"0\"}";
        assertThat(m).contains("sglang:num_running_reqs" + scheduler);
        assertThat(m).contains("sglang:time_to_first_token_seconds_bucket{le=\"0.1\",model_name=\"sim-model\"}");
        assertThat(m).contains("sglang:token_usage" + scheduler);
        // a multiprocess prometheus_client registry: no _created series, no python_/process_ families
        assertThat(m).doesNotContain("_created").doesNotContain("python_").doesNotContain("process_");
        assertThat(m).contains("# HELP sglang:generation_tokens_total Multiprocess metric\n");
        MetricsFamilies.assertEverySampleHasHelpAndType(m);
    }

    @Test
    void healthIs503UntilWarm() throws Exception {
        SimulatorServer s = start(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG))
                .with(Latency.fixed(1, 1))
                .with(Lifecycle.DEFAULTS.withWarmupMs(2000)));
        TestClient c = client(s);
        int health = c.get("/health").status();
        int healthGenerate = c.get("/health_generate").status();
        // /health turns 200 before whenReady() completes: answers that came back before it were given while warming
        if (!s.whenReady().isDone()) {
            assertThat(health).isEqualTo(503);
            assertThat(healthGenerate).isEqualTo(503);
        }
        assertThat(c.get("/model_info").status()).isEqualTo(200);
        assertThat(s.awaitReady(10_000)).isTrue();
        assertThat(c.get("/health").status()).isEqualTo(200);
    }

    @Test
    void defaultPortIs30000() {
        assertThat(Persona.SGLANG.defaultPort()).isEqualTo(30000);
        assertThat(Persona.VLLM.defaultPort()).isEqualTo(8000);
    }
}
