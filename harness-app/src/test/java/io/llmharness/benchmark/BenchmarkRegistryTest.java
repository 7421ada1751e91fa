package io.llmharness.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.error.HarnessException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BenchmarkRegistryTest {
    private static final BenchmarkRegistry REGISTRY = BenchmarkRegistry.builtIn();
    private static final String KNOWN = "llama2-70b, llama3.1-8b, llama3.1-8b-edge, llama3.1-405b, mixtral-8x7b,"
            + " deepseek-r1, gpt-oss-120b, qwen3-vl-235b-a22b";

    @ParameterizedTest
    @CsvSource({
        "gpt-oss-120b, gpt-oss-120b",
        "gpt_oss_120b, gpt-oss-120b",
        "gpt-oss, gpt-oss-120b",
        "qwen3vl, qwen3-vl-235b-a22b",
        "Qwen3-VL, qwen3-vl-235b-a22b",
        "qwen3-vl-235b-a22b, qwen3-vl-235b-a22b",
        "llama3.1-8b, llama3.1-8b",
        "llama3_1-8b, llama3.1-8b",
        "LLAMA3.1_8B, llama3.1-8b",
        "llama-3.1-8b, llama3.1-8b",
        "llama3_1-8b-edge, llama3.1-8b-edge",
        "llama3.1-405b, llama3.1-405b",
        "llama3_1-405b, llama3.1-405b",
        "llama2-70b, llama2-70b",
        "llama2-70b-99, llama2-70b",
        "llama2-70b-99.9, llama2-70b",
        "mixtral, mixtral-8x7b",
        "mixtral-8x7b, mixtral-8x7b",
        "deepseek-r1, deepseek-r1",
        "deepseek_r1, deepseek-r1",
    })
    void categorySpellings(String name, String category) {
        assertThat(REGISTRY.byCategory(name).category()).isEqualTo(category);
    }

    @ParameterizedTest
    @CsvSource({
        "meta-llama/Llama-3.1-8B-Instruct, llama3.1-8b",
        "meta-llama/Meta-Llama-3.1-8B-Instruct, llama3.1-8b",
        "openai/gpt-oss-120b, gpt-oss-120b",
        "Qwen/Qwen3-VL-235B-A22B-Instruct, qwen3-vl-235b-a22b",
        "deepseek-ai/DeepSeek-R1, deepseek-r1",
        "deepseek-ai/DeepSeek-R1-0528, deepseek-r1",
        "mistralai/Mixtral-8x7B-Instruct-v0.1, mixtral-8x7b",
        "meta-llama/Llama-2-70b-chat-hf, llama2-70b",
        "meta-llama/Llama-3.1-405B-Instruct, llama3.1-405b",
        "/models/Llama-3.1-8B-Instruct-FP8/, llama3.1-8b",
        "./checkpoints/gpt-oss-120b, gpt-oss-120b",
        "/hf/hub/models--meta-llama--Llama-3.1-405B-Instruct/snapshots/0123abcd, llama3.1-405b",
        "C:\\models\\Mixtral-8x7B-Instruct-v0.1, mixtral-8x7b",
    })
    void inferredFromModel(String model, String category) {
        assertThat(REGISTRY.inferFromModel(model)).map(BenchmarkSpec::category).contains(category);
        assertThat(REGISTRY.select(null, model).category()).isEqualTo(category);
    }

    @Test
    void notInferred() {
        assertThat(REGISTRY.inferFromModel("deepseek-ai/DeepSeek-R1-Distill-Llama-8B"))
                .isEmpty();
        assertThat(REGISTRY.inferFromModel("meta-llama/Llama-3.2-1B")).isEmpty();
        assertThat(REGISTRY.inferFromModel("openai/gpt-oss-20b")).isEmpty();
        assertThat(REGISTRY.inferFromModel("llama-3.1-8b-vs-llama-2-70b"))
                .as("ambiguous")
                .isEmpty();
        assertThat(REGISTRY.inferFromModel(null)).isEmpty();
    }

    @Test
    void categoryBeatsModel() {
        assertThat(REGISTRY.select("llama3.1-8b-edge", "meta-llama/Llama-3.1-8B-Instruct")
                        .category())
                .isEqualTo("llama3.1-8b-edge");
    }

    @Test
    void unknownCategoryListsTheKnownOnes() {
        assertThatThrownBy(() -> REGISTRY.select("gpt-5", "openai/gpt-oss-120b"))
                .isInstanceOf(HarnessException.class)
                .hasMessage("--model-category 'gpt-5': unknown benchmark; use one of " + KNOWN)
                .extracting(e -> ((HarnessException) e).exitCode())
                .isEqualTo(2);
    }

    @Test
    void unknownModelAsksForTheCategory() {
        assertThatThrownBy(() -> REGISTRY.select(null, "my-org/my-model"))
                .hasMessage("--model 'my-org/my-model': cannot tell the benchmark from the model name; pass"
                        + " --model-category (one of " + KNOWN + ")");
    }

    @Test
    void neitherGiven() {
        assertThatThrownBy(() -> REGISTRY.select(" ", null))
                .hasMessage("--model-category or --model is required to choose the benchmark; categories: " + KNOWN);
    }

    @Test
    void interactiveCategoryPointsToTheScenarioFlag() {
        assertThatThrownBy(() -> REGISTRY.byCategory("llama3_1-8b-interactive"))
                .hasMessage("--model-category 'llama3_1-8b-interactive': the interactive variant is chosen with"
                        + " --scenario Interactive; use --model-category llama3.1-8b");
    }

    @Test
    void mismatchBetweenCategoryAndModelIsAWarning() {
        BenchmarkSpec gptOss = REGISTRY.byCategory("gpt-oss-120b");
        assertThat(REGISTRY.mismatchWarning(gptOss, "meta-llama/Llama-3.1-8B-Instruct"))
                .contains("--model 'meta-llama/Llama-3.1-8B-Instruct' looks like llama3.1-8b but --model-category is"
                        + " gpt-oss-120b; check that the server runs openai/gpt-oss-120b");
        assertThat(REGISTRY.mismatchWarning(gptOss, "/models/custom")).isEmpty();
        assertThat(REGISTRY.mismatchWarning(REGISTRY.byCategory("llama3.1-8b-edge"), "meta-llama/Llama-3.1-8B"))
                .isEmpty();
    }

    @Test
    void collidingNamesAreRejected() {
        BenchmarkSpec a = REGISTRY.byCategory("mixtral");
        BenchmarkSpec b = BenchmarkSpec.builder("other")
                .aliases("Mixtral")
                .prompt(new PromptSource.TokenIdsColumn("x"))
                .variant("other", LatencyLimits.NONE, RunScenario.OFFLINE)
                .build();
        assertThatThrownBy(() -> new BenchmarkRegistry(java.util.List.of(a, b)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
