package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reference facts of every built-in benchmark, per test mode. */
class BenchmarkDefaultsTest {
    private static final BenchmarkRegistry REGISTRY = BenchmarkRegistry.builtIn();

    private static BenchmarkSpec spec(String category) {
        return REGISTRY.byCategory(category);
    }

    private static SamplingParams greedy(int max, int min) {
        return SamplingParams.SERVER_DEFAULTS
                .withTemperature(0.0)
                .withMaxTokens(max)
                .withMinTokens(min);
    }

    @Test
    void registryHoldsTheEightBenchmarksInOrder() {
        assertThat(REGISTRY.all())
                .extracting(BenchmarkSpec::category)
                .containsExactly(
                        "llama2-70b",
                        "llama3.1-8b",
                        "llama3.1-8b-edge",
                        "llama3.1-405b",
                        "mixtral-8x7b",
                        "deepseek-r1",
                        "gpt-oss-120b",
                        "qwen3-vl-235b-a22b");
    }

    @Test
    void llama2_70b() {
        BenchmarkSpec s = spec("llama2-70b");
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(greedy(1024, 1));
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(greedy(1024, 1));
        assertThat(s.sampleCount(RunMode.PERFORMANCE)).isEqualTo(24576);
        assertThat(s.sampleCount(RunMode.ACCURACY)).isEqualTo(24576);
        assertThat(s.eosTokenIds()).containsExactly(2);
        assertThat(s.endpoint()).isEqualTo(EndpointType.COMPLETIONS);
        assertThat(s.promptKind()).isEqualTo(PromptKind.TOKEN_IDS);
        assertThat(s.inputColumnCandidates()).containsExactly("tok_input");
        assertThat(s.targetColumns()).containsExactly("output");
        assertThat(s.tokenLatencies()).isTrue();
        assertThat(s.responseEncoding()).isEqualTo(ResponseEncoding.TOKEN_IDS_INT32);
        assertThat(s.complianceTests()).containsExactly("TEST06");
        assertThat(s.referenceModel()).isEqualTo("meta-llama/Llama-2-70b-chat-hf");
        assertThat(s.variant(RunScenario.SERVER).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(2000, 200));
        assertThat(s.variant(RunScenario.INTERACTIVE).orElseThrow())
                .isEqualTo(new LoadGenVariant(
                        "llama2-70b-interactive",
                        java.util.Set.of(RunScenario.INTERACTIVE),
                        LatencyLimits.tokens(450, 40)));
    }

    @Test
    void llama31_8b() {
        BenchmarkSpec s = spec("llama3.1-8b");
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(greedy(128, 1));
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(greedy(128, 1));
        assertThat(s.performanceSampleCount()).isEqualTo(13368);
        assertThat(s.eosTokenIds()).first().isEqualTo(128009);
        assertThat(s.inputColumnCandidates()).containsExactly("tok_input");
        assertThat(s.scenarios()).containsExactly(RunScenario.OFFLINE, RunScenario.SERVER, RunScenario.INTERACTIVE);
        assertThat(s.variant(RunScenario.OFFLINE).orElseThrow().modelName()).isEqualTo("llama3_1-8b");
        assertThat(s.variant(RunScenario.SERVER).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(2000, 100));
        assertThat(s.variant(RunScenario.INTERACTIVE).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(500, 30));
        assertThat(s.dataset().performanceFile()).isEqualTo("cnn_eval.json");
        assertThat(s.dataset().separateAccuracyFile()).isFalse();
    }

    @Test
    void llama31_8bEdge() {
        BenchmarkSpec s = spec("llama3.1-8b-edge");
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(greedy(128, 1));
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(greedy(128, 1));
        assertThat(s.performanceSampleCount()).isEqualTo(5000);
        assertThat(s.scenarios()).containsExactly(RunScenario.OFFLINE, RunScenario.SINGLE_STREAM);
        assertThat(s.variant(RunScenario.SINGLE_STREAM).orElseThrow().modelName())
                .isEqualTo("llama3_1-8b-edge");
        assertThat(s.variant(RunScenario.OFFLINE).orElseThrow().limits()).isEqualTo(LatencyLimits.NONE);
        assertThat(s.modelPattern()).as("never inferred from --model").isNull();
        assertThat(s.complianceTests()).isEmpty();
    }

    @Test
    void llama31_405b() {
        BenchmarkSpec s = spec("llama3.1-405b");
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(greedy(2000, 1));
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(greedy(2000, 1));
        assertThat(s.performanceSampleCount()).isEqualTo(8313);
        assertThat(s.targetColumns()).containsExactly("gt_output");
        assertThat(s.variant(RunScenario.SERVER).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(6000, 175));
        assertThat(s.variant(RunScenario.INTERACTIVE).orElseThrow().modelName()).isEqualTo("llama3_1-405b-interactive");
        assertThat(s.variant(RunScenario.INTERACTIVE).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(4500, 80));
    }

    @Test
    void mixtral() {
        BenchmarkSpec s = spec("mixtral-8x7b");
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(greedy(1024, 2));
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(greedy(1024, 2));
        assertThat(s.performanceSampleCount()).isEqualTo(15000);
        assertThat(s.eosTokenIds()).containsExactly(2);
        assertThat(s.scenarios()).containsExactly(RunScenario.OFFLINE, RunScenario.SERVER);
        assertThat(s.variant(RunScenario.INTERACTIVE)).isEmpty();
    }

    @Test
    void deepseekR1() {
        BenchmarkSpec s = spec("deepseek-r1");
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(greedy(20000, 1));
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(greedy(20000, 1));
        assertThat(s.performanceSampleCount()).isEqualTo(4388);
        assertThat(s.eosTokenIds()).containsExactly(1);
        assertThat(s.variant(RunScenario.SERVER).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(2000, 80));
        assertThat(s.variant(RunScenario.INTERACTIVE).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(1500, 15));
    }

    @Test
    void gptOss120bDiffersPerMode() {
        BenchmarkSpec s = spec("gpt-oss-120b");
        SamplingParams sampling = SamplingParams.SERVER_DEFAULTS
                .withTemperature(1.0)
                .withTopP(1.0)
                .withTopK(-1)
                .withMinTokens(1);
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(sampling.withMaxTokens(10240));
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(sampling.withMaxTokens(32768));
        assertThat(s.sampleCount(RunMode.PERFORMANCE)).isEqualTo(6396);
        assertThat(s.sampleCount(RunMode.ACCURACY)).isEqualTo(4395);
        assertThat(s.endpoint()).isEqualTo(EndpointType.GENERATE);
        assertThat(s.inputColumnCandidates()).containsExactly("tok_input", "input_tokens");
        assertThat(s.dataset().separateAccuracyFile()).isTrue();
        assertThat(s.dataset().performanceFile()).isEqualTo("perf/perf_eval_ref.parquet");
        assertThat(s.complianceTests()).containsExactly("TEST07", "TEST09");
        assertThat(s.variant(RunScenario.SERVER).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(3000, 80));
        assertThat(s.variant(RunScenario.INTERACTIVE).orElseThrow().limits()).isEqualTo(LatencyLimits.tokens(2000, 15));
    }

    @Test
    void qwen3VlLeavesSamplingToTheServer() {
        BenchmarkSpec s = spec("qwen3-vl-235b-a22b");
        assertThat(s.defaults(RunMode.PERFORMANCE)).isEqualTo(SamplingParams.SERVER_DEFAULTS);
        assertThat(s.defaults(RunMode.ACCURACY)).isEqualTo(SamplingParams.SERVER_DEFAULTS);
        assertThat(s.endpoint()).isEqualTo(EndpointType.CHAT_COMPLETIONS);
        assertThat(s.promptKind()).isEqualTo(PromptKind.CHAT);
        assertThat(s.responseEncoding()).isEqualTo(ResponseEncoding.TEXT_UTF8);
        assertThat(s.tokenLatencies()).isFalse();
        assertThat(s.eosTokenIds()).isEmpty();
        assertThat(s.performanceSampleCount()).isEqualTo(48289);
        assertThat(s.inputColumnCandidates())
                .containsExactly("messages", "product_image", "product_title", "product_description");
        assertThat(s.variant(RunScenario.SERVER).orElseThrow().limits()).isEqualTo(LatencyLimits.endToEnd(12000));
        assertThat(s.complianceTests()).isEmpty();
    }

    @Test
    void qwen3VlSchemaIsStrictAndCannotBeMutatedThroughTheSpec() {
        BenchmarkSpec s = spec("qwen3vl");
        var schema = s.guidedDecodingSchema();
        assertThat(schema.path("title").asText()).isEqualTo("product_metadata");
        assertThat(schema.path("additionalProperties").asBoolean(true)).isFalse();
        assertThat(schema.path("required"))
                .extracting(n -> n.asText())
                .containsExactly("category", "brand", "is_secondhand");
        ((com.fasterxml.jackson.databind.node.ObjectNode) schema).put("title", "changed");
        assertThat(s.guidedDecodingSchema().path("title").asText()).isEqualTo("product_metadata");
    }

    @Test
    void onlyQwenHasAGuidedDecodingSchema() {
        List<String> withSchema = REGISTRY.all().stream()
                .filter(s -> s.guidedDecodingSchema() != null)
                .map(BenchmarkSpec::category)
                .toList();
        assertThat(withSchema).containsExactly("qwen3-vl-235b-a22b");
    }

    @Test
    void everyTokenBenchmarkHasEosIdsAndInt32Payloads() {
        for (BenchmarkSpec s : REGISTRY.all()) {
            if (s.promptKind() == PromptKind.TOKEN_IDS) {
                assertThat(s.eosTokenIds()).as(s.category()).isNotEmpty();
                assertThat(s.responseEncoding()).as(s.category()).isEqualTo(ResponseEncoding.TOKEN_IDS_INT32);
                assertThat(s.tokenLatencies()).as(s.category()).isTrue();
            }
            assertThat(s.accuracyNotes()).as(s.category()).isNotBlank();
            assertThat(s.dataset()).as(s.category()).isNotNull();
        }
    }
}
