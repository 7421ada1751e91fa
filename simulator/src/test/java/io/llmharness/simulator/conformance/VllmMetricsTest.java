package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.Compatibility;
import io.llmharness.simulator.Identity;
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
        assertThat(m).doesNotContain("gpu_cache_usage_perc");
        assertThat(m).contains("vllm:request_time_per_output_token_seconds_count" + L);
    }

    @Test
    void createdSamplesAreGaugeFamiliesOfTheirOwnAsPrometheusClientWritesThem() {
        String m = client(start(SimulatorOptions.defaults().with(Latency.zero())))
                .get("/metrics")
                .body();
        assertThat(m)
                .contains("# TYPE vllm:prompt_tokens_total counter\n"
                        + "vllm:prompt_tokens_total" + L + " 0.0\n"
                        + "# HELP vllm:prompt_tokens_created Number of prefill tokens processed.\n"
                        + "# TYPE vllm:prompt_tokens_created gauge\n"
                        + "vllm:prompt_tokens_created" + L + " ");
        assertThat(m).contains("# TYPE vllm:e2e_request_latency_seconds_created gauge\n");
        assertThat(m).contains("# TYPE vllm:request_success_created gauge\n");
        MetricsFamilies.assertEverySampleHasHelpAndType(m);
    }

    @Test
    void pythonAndProcessFamiliesOfASingleApiServer() {
        String m = client(start(SimulatorOptions.defaults().with(Latency.zero())))
                .get("/metrics")
                .body();
        assertThat(m).startsWith("# HELP python_gc_objects_collected_total Objects collected during gc\n");
        assertThat(m).contains("python_info{implementation=\"CPython\",major=\"3\"");
        double start = metric(m, "process_start_time_seconds ");
        assertThat(start).isGreaterThan(1.7e9).isLessThanOrEqualTo(System.currentTimeMillis() / 1000.0);
        assertThat(metric(m, "process_resident_memory_bytes ")).isPositive();
        assertThat(metric(m, "process_cpu_seconds_total ")).isPositive();
        assertThat(m).contains("# TYPE process_cpu_seconds_total counter");
        assertThat(m.indexOf("process_max_fds")).isLessThan(m.indexOf("vllm:num_requests_running"));
    }

    @Test
    void severalApiServersRunInMultiprocessModeWithoutCreatedOrProcessFamilies() {
        String m = client(start(SimulatorOptions.defaults()
                        .with(Parallelism.DEFAULTS.withDataParallelSize(2))
                        .with(Latency.zero())))
                .get("/metrics")
                .body();
        assertThat(m).doesNotContain("_created").doesNotContain("process_").doesNotContain("python_");
        assertThat(m).contains("# HELP vllm:prompt_tokens_total Multiprocess metric\n");
        MetricsFamilies.assertEverySampleHasHelpAndType(m);
    }

    @Test
    void metricNamesAgreeWithTheVersionReported() {
        record Case(String version, List<String> present, List<String> absent) {}
        List<Case> cases = List.of(
                new Case(
                        "0.10.2",
                        List.of(
                                "vllm:gpu_cache_usage_perc",
                                "vllm:kv_cache_usage_perc",
                                "vllm:gpu_prefix_cache_hits",
                                "vllm:time_per_output_token_seconds"),
                        List.of("vllm:inter_token_latency_seconds", "vllm:request_prefill_kv_computed_tokens")),
                new Case(
                        "0.11.2",
                        List.of(
                                "vllm:kv_cache_usage_perc",
                                "vllm:inter_token_latency_seconds",
                                "vllm:time_per_output_token_seconds"),
                        List.of("vllm:gpu_", "vllm:request_prefill_kv_computed_tokens")),
                new Case(
                        "0.12.0",
                        List.of("vllm:inter_token_latency_seconds"),
                        List.of(
                                "vllm:gpu_",
                                "vllm:time_per_output_token_seconds",
                                "vllm:request_prefill_kv_computed_tokens")),
                new Case(
                        "0.15.0rc2.dev93+g8e2a469b3",
                        List.of("vllm:inter_token_latency_seconds", "vllm:request_prefill_kv_computed_tokens"),
                        List.of("vllm:gpu_", "vllm:time_per_output_token_seconds")));
        for (Case k : cases) {
            TestClient c = client(start(
                    SimulatorOptions.defaults().with(Latency.zero()).with(Identity.DEFAULTS.withVersion(k.version()))));
            assertThat(c.get("/version").json().get("version").asText()).isEqualTo(k.version());
            String m = c.get("/metrics").body();
            for (String name : k.present()) {
                assertThat(m).as(k.version() + " has " + name).contains("# TYPE " + name);
            }
            for (String name : k.absent()) {
                assertThat(m).as(k.version() + " lacks " + name).doesNotContain(name);
            }
        }
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
        assertThat(c.get("/version").json().get("version").asText()).isEqualTo(SimulatorOptions.LEGACY_METRICS_VERSION);
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
