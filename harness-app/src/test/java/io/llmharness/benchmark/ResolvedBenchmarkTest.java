package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one-call path the run command takes, end to end over the pure parts. */
class ResolvedBenchmarkTest {
    private static final BenchmarkRegistry REGISTRY = BenchmarkRegistry.builtIn();

    @Test
    void gptOssInteractiveAccuracyRun(@TempDir Path dir) throws IOException {
        Path config = Files.writeString(dir.resolve("gen.json"), "{\"_c\": \"x\", \"do_sample\": true}");
        GenerationOptions gen = new GenerationOptions(config, null, null, null, null, 0.001, 1, null, false);
        BenchmarkOptions options = new BenchmarkOptions(
                null, "openai/gpt-oss-120b", RunScenario.INTERACTIVE, RunMode.ACCURACY, null, gen, null);

        ResolvedBenchmark run = ResolvedBenchmark.resolve(REGISTRY, options);

        assertThat(run.spec().category()).isEqualTo("gpt-oss-120b");
        assertThat(run.loadGen().modelName()).isEqualTo("gpt-oss-120b-interactive");
        assertThat(run.loadGen().loadgenScenario()).isEqualTo("Server");
        assertThat(run.generation().params().maxTokens()).isEqualTo(32768);
        assertThat(run.generation().params().temperature()).isEqualTo(0.001);
        assertThat(run.generation().params().topK()).isEqualTo(1);
        assertThat(run.warnings()).hasSize(1).first().asString().contains("'do_sample' ignored");
        assertThat(run.spec().endpoint(null, "server.yaml endpoint_type")).isEqualTo(EndpointType.GENERATE);

        PromptPlan plan = run.prompts(List.of("input_tokens", "dataset", "ground_truth"), "acc.parquet");
        Prompt p = plan.builder().build(new MapRow(0, Map.of("input_tokens", new int[] {200006, 17360})));
        assertThat(((Prompt.TokenIds) p).ids()).containsExactly(200006, 17360);
        assertThat(run.checkDataset(4395, "acc.parquet")).isEmpty();
    }

    @Test
    void qwenWithPromptFilesAndGuidedDecoding(@TempDir Path dir) throws IOException {
        Path system = Files.writeString(dir.resolve("system.txt"), "Reference system prompt\n");
        BenchmarkOptions options = new BenchmarkOptions(
                "qwen3vl",
                "Qwen/Qwen3-VL-235B-A22B-Instruct",
                RunScenario.OFFLINE,
                RunMode.PERFORMANCE,
                null,
                new GenerationOptions(null, null, null, null, null, null, null, null, true),
                new PromptOptions(system, null));
        ResolvedBenchmark run = ResolvedBenchmark.resolve(REGISTRY, options);
        assertThat(run.chatTemplate().systemPrompt()).isEqualTo("Reference system prompt");
        assertThat(run.generation().params().jsonSchema()).isNotNull();
        assertThat(run.loadGen().tokenLatencies()).isFalse();
        assertThat(run.warnings()).isEmpty();
    }

    @Test
    void mismatchIsAWarning() {
        BenchmarkOptions options = new BenchmarkOptions(
                "llama3.1-8b", "openai/gpt-oss-120b", RunScenario.OFFLINE, RunMode.PERFORMANCE, null, null, null);
        assertThat(ResolvedBenchmark.resolve(REGISTRY, options).warnings())
                .containsExactly("--model 'openai/gpt-oss-120b' looks like gpt-oss-120b but --model-category is"
                        + " llama3.1-8b; check that the server runs meta-llama/Llama-3.1-8B-Instruct");
    }

    @Test
    void endpointOverrideMustFitThePromptKind() {
        BenchmarkSpec qwen = REGISTRY.byCategory("qwen3vl");
        assertThatThrownBy(() -> qwen.endpoint(EndpointType.COMPLETIONS, "vllm.yaml endpoint_type"))
                .isInstanceOf(HarnessException.class)
                .hasMessage("vllm.yaml endpoint_type completions: qwen3-vl-235b-a22b sends chat messages, which that"
                        + " endpoint cannot take; use chat_completions")
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(3);
        BenchmarkSpec gptOss = REGISTRY.byCategory("gpt-oss-120b");
        assertThat(gptOss.endpoint(EndpointType.COMPLETIONS, "sglang.yaml endpoint_type"))
                .isEqualTo(EndpointType.COMPLETIONS);
        assertThatThrownBy(() -> gptOss.endpoint(EndpointType.CHAT_COMPLETIONS, "sglang.yaml endpoint_type"))
                .hasMessage("sglang.yaml endpoint_type chat_completions: gpt-oss-120b sends token ids, which that"
                        + " endpoint cannot take; use generate");
    }
}
