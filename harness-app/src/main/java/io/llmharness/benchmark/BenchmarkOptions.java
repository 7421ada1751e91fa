package io.llmharness.benchmark;

import java.util.Objects;

/**
 * Everything {@code harness run} tells this package, as the CLI parsed it. {@code null} strings = flag not
 * given.
 *
 * @param modelCategory {@code --model-category}; when absent the benchmark is inferred from {@code model}
 * @param model {@code --model}: Hugging Face id or local path of the served model
 * @param scenario {@code --scenario} (parse with {@link RunScenario#parse})
 * @param testMode {@code --test-mode} (parse with {@link RunMode#parse})
 * @param lgModelName {@code --lg-model-name}: overrides the LoadGen model name
 * @param generation the generation flags
 * @param prompts the prompt flags
 */
public record BenchmarkOptions(
        String modelCategory,
        String model,
        RunScenario scenario,
        RunMode testMode,
        String lgModelName,
        GenerationOptions generation,
        PromptOptions prompts) {

    public BenchmarkOptions {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(testMode, "testMode");
        generation = generation == null ? GenerationOptions.NONE : generation;
        prompts = prompts == null ? PromptOptions.NONE : prompts;
    }
}
