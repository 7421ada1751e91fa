package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Parallelism;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.TestClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code /metrics} in vLLM's naming (checklist 33, 34; §2). */
class VllmMetricsTest extends SimTestSupport {
    private static final String L = "{engine=\"0\",model_name=\"sim-model\"}";

    @Test
    void exposedNamesLabelsAndPreinitialisedSeries() {
        TestClient c = client(start(SimulatorOptions.defaults().with(Latency.zero())));
        var r = c.get("/metrics");
        assertThat(r.contentType()).isEqualTo("text/plain; version=0.0.4; charset=utf-8");
        String m = r.body();
        for (String name : List.of(
                "vllm:num_requests_running",
                "vllm:num_requests_waiting",
                "vllm:kv_cache_usage_perc",
                "vllm:prompt_tokens_total",
                "vllm:generation_tokens_total",
                "vllm:prefix_cache_queries_total",
                "vllm:prefix_cache_hits_total",
                "vllm:num_preemptions_total")) {
            assertThat(m).contains(name + L + " 0.0");
        }
        for (String reason : List.of("stop", "length", "abort")) {
            assertThat(m)
                    .contains("vllm:request_success_total{engine=\"0\",finished_reason=\"" + reason
                            + "\",model_name=\"sim-model\"} 0.0");
        }
        assertThat(m).contains("# TYPE vllm:time_to_first_token_seconds histogram");
        assertThat(m)
                .contains(
                        "vllm:time_to_first_token_seconds_bucket{engine=\"0\",le=\"0.001\",model_name=\"sim-model\"}");
        assertThat(m)
                .contains("vllm:time_to_first_token_seconds_bucket{engine=\"0\",le=\"+Inf\",model_name=\"sim-model\"}");
        assertThat(m)
                .contains("vllm:request_prompt_tokens_bucket{engine=\"0\",le=\"20000.0\",model_name=\"sim-model\"}");
        assertThat(m).contains("vllm:iteration_tokens_total_bucket{engine=\"0\",le=\"16384.0\"");
        assertThat(m).contains("vllm:inter_token_latency_seconds_count" + L);
        assertThat(m).contains("vllm:prompt_tokens_created" + L);
        assertThat(m).doesNotContain("vllm:time_per_output_token_seconds");
        assertThat(m).doesNotContain("gpu_cache_usage_perc");
    }

    @Test
    void countersTrackClientUsageExactly() {
        TestClient c = client(start(SimulatorOptions.defaults().with(Latency.zero())));
        String before = c.get("/metrics").body();
        int prompt = 0;
        int completion = 0;
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            JsonNode r = c.postJson("/v1/completions", completion("request number " + i, 10 + i))
                    .json();
            prompt += r.at("/usage/prompt_tokens").asInt();
            completion += r.at("/usage/completion_tokens").asInt();
            texts.add(r.at("/choices/0/text").asText());
        }
        var s = c.stream("/v1/chat/completions", streaming(chat("streamed", 12)).toString());
        JsonNode usage = s.chunks().get(s.chunks().size() - 1).get("usage");
        prompt += usage.get("prompt_tokens").asInt();
        completion += usage.get("completion_tokens").asInt();
        String after = c.get("/metrics").body();
        assertThat(metric(after, "vllm:prompt_tokens_total" + L) - metric(before, "vllm:prompt_tokens_total" + L))
                .isEqualTo(prompt);
        assertThat(metric(after, "vllm:generation_tokens_total" + L)
                        - metric(before, "vllm:generation_tokens_total" + L))
                .isEqualTo(completion);
        String length = "vllm:request_success_total{engine=\"0\",finished_reason=\"length\",model_name=\"sim-model\"}";
        assertThat(metric(after, length)).isEqualTo(8);
        assertThat(metric(after, "vllm:e2e_request_latency_seconds_count" + L)).isEqualTo(8);
        assertThat(metric(after, "vllm:time_to_first_token_seconds_count" + L)).isEqualTo(8);
        assertThat(metric(after, "vllm:request_generation_tokens_sum" + L)).isEqualTo(completion);
    }

    @Test
    void dataParallelEnginesHaveTheirOwnSeries() {
        TestClient c = client(start(SimulatorOptions.defaults()
                .with(Parallelism.DEFAULTS.withDataParallelSize(2))
                .with(Latency.fixed(1, 1))));
        for (int i = 0; i < 4; i++) {
            c.postJson("/v1/completions", completion("dp " + i, 3));
        }
        String m = c.get("/metrics").body();
        double total = metric(m, "vllm:generation_tokens_total{engine=\"0\"")
                + metric(m, "vllm:generation_tokens_total{engine=\"1\"");
        assertThat(total).isEqualTo(12);
        assertThat(m).contains("vllm:num_requests_running{engine=\"1\",model_name=\"sim-model\"}");
    }

    @Test
    void legacyMetricNames() {
        TestClient c = client(start(
                SimulatorOptions.defaults().with(Latency.zero()).with(Compatibility.DEFAULTS.withLegacyMetrics(true))));
        String m = c.get("/metrics").body();
        assertThat(m).contains("vllm:gpu_cache_usage_perc" + L);
        assertThat(m).contains("vllm:gpu_prefix_cache_hits_total" + L);
        assertThat(m).contains("vllm:time_per_output_token_seconds_count" + L);
        assertThat(m).doesNotContain("vllm:kv_cache_usage_perc");
    }

    @Test
    void prefixCacheHitsAreCounted() {
        TestClient c = client(start(SimulatorOptions.defaults().with(Latency.zero())));
        StringBuilder prompt = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            prompt.append(" shared prefix words");
        }
        c.postJson("/v1/completions", completion(prompt.toString(), 2));
        JsonNode second =
                c.postJson("/v1/completions", completion(prompt.toString(), 2)).json();
        String m = c.get("/metrics").body();
        assertThat(metric(m, "vllm:prefix_cache_hits_total" + L)).isGreaterThan(0);
        assertThat(second.at("/usage/prompt_tokens_details").isNull()).isTrue();
        TestClient details = client(start(SimulatorOptions.defaults()
                .with(Latency.zero())
                .with(Compatibility.DEFAULTS.withEnablePromptTokensDetails(true))));
        details.postJson("/v1/completions", completion(prompt.toString(), 2));
        JsonNode hit = details.postJson("/v1/completions", completion(prompt.toString(), 2))
                .json();
        assertThat(hit.at("/usage/prompt_tokens_details/cached_tokens").asInt()).isPositive();
    }
}
