package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Profiling;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.TestClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Auxiliary vLLM endpoints: health, ping, version, models, tokenize, detokenize, profiling (checklist 31, 35). */
class VllmInfoEndpointsTest extends SimTestSupport {
    @Test
    void healthPingVersionModels() {
        TestClient c = client(start(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS
                        .withModel("/models/Llama-3.1-8B-Instruct")
                        .withServedModelNames(List.of("llama-8b", "llama")))
                .with(Capacity.DEFAULTS.withMaxModelLen(8192))
                .with(Latency.zero())));
        var health = c.get("/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).isEmpty();
        assertThat(c.get("/ping").status()).isEqualTo(200);
        assertThat(c.post("/ping", "").status()).isEqualTo(200);
        assertThat(c.get("/version").json().get("version").asText()).isEqualTo("0.11.2");
        JsonNode models = c.get("/v1/models").json();
        assertThat(models.get("object").asText()).isEqualTo("list");
        assertThat(models.get("data")).hasSize(2);
        JsonNode m = models.get("data").get(0);
        assertThat(m.get("id").asText()).isEqualTo("llama-8b");
        assertThat(m.get("root").asText()).isEqualTo("/models/Llama-3.1-8B-Instruct");
        assertThat(m.get("max_model_len").asInt()).isEqualTo(8192);
        assertThat(m.get("owned_by").asText()).isEqualTo("vllm");
        assertThat(m.at("/permission/0/object").asText()).isEqualTo("model_permission");
        // the alias is accepted, the first name is reported
        JsonNode r = c.postJson("/v1/completions", completion("x", 2).put("model", "llama"))
                .json();
        assertThat(r.get("model").asText()).isEqualTo("llama-8b");
    }

    @Test
    void tokenizeAndDetokenizeAreConsistentWithUsage() {
        TestClient c = client(start(SimulatorOptions.defaults().with(Latency.zero())));
        JsonNode t =
                c.post("/tokenize", "{\"prompt\":\"Hello world, naïve café\"}").json();
        assertThat(t.get("count").asInt()).isEqualTo(t.get("tokens").size());
        assertThat(t.get("max_model_len").asInt()).isEqualTo(32768);
        assertThat(t.get("token_strs").isNull()).isTrue();
        int usage = c.postJson("/v1/completions", completion("Hello world, naïve café", 1))
                .json()
                .at("/usage/prompt_tokens")
                .asInt();
        assertThat(usage).isEqualTo(t.get("count").asInt());
        JsonNode d =
                c.post("/detokenize", "{\"tokens\":" + t.get("tokens") + "}").json();
        assertThat(d.get("prompt").asText()).isEqualTo("Hello world, naïve café");

        JsonNode chatTok = c.post("/tokenize", "{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}")
                .json();
        int chatUsage = c.postJson("/v1/chat/completions", chat("hi", 1))
                .json()
                .at("/usage/prompt_tokens")
                .asInt();
        assertThat(chatTok.get("count").asInt()).isEqualTo(chatUsage);

        JsonNode strs = c.post("/tokenize", "{\"prompt\":\"ab\",\"return_token_strs\":true}")
                .json();
        assertThat(strs.get("token_strs").size()).isEqualTo(strs.get("count").asInt());
    }

    @Test
    void outputTokenIdsDetokenizeToTheOutputText() {
        TestClient c = client(start(SimulatorOptions.defaults().with(Latency.zero())));
        JsonNode r = c.postJson("/v1/completions", completion("story", 30).put("return_token_ids", true))
                .json();
        JsonNode d = c.post("/detokenize", "{\"tokens\":" + r.at("/choices/0/token_ids") + "}")
                .json();
        assertThat(d.get("prompt").asText()).isEqualTo(r.at("/choices/0/text").asText());
    }

    @Test
    void profilingEndpointsOnlyWhenEnabled(@TempDir Path dir) throws Exception {
        TestClient off = client(start(SimulatorOptions.defaults().with(Latency.zero())));
        assertThat(off.post("/start_profile", "").status()).isEqualTo(404);
        assertThat(off.post("/stop_profile", "").status()).isEqualTo(404);

        TestClient on = client(start(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Profiling.DEFAULTS
                        .withEnableProfiling(true)
                        .withProfileDir(dir)
                        .withStopProfileDelayMs(300))));
        assertThat(on.post("/start_profile", "").status()).isEqualTo(200);
        long t0 = System.nanoTime();
        var stop = on.post("/stop_profile", "");
        assertThat(stop.status()).isEqualTo(200);
        assertThat(stop.body()).isEmpty();
        assertThat(System.nanoTime() - t0).isGreaterThanOrEqualTo(300_000_000L);
        try (var files = Files.list(dir)) {
            assertThat(files.filter(p -> p.toString().endsWith(".pt.trace.json"))
                            .count())
                    .isEqualTo(1);
        }
        assertThat(on.get("/start_profile").status()).isEqualTo(405);
    }
}
