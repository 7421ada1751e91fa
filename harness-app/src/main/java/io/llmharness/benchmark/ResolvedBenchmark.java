package io.llmharness.benchmark;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A benchmark resolved for one run: the spec, the LoadGen target, the generation parameters and the chat
 * texts. Built by {@link #resolve} before any socket opens; the dataset-dependent parts
 * ({@link #prompts}, {@link #checkDataset}) are called once the dataset is loaded.
 *
 * @param spec the benchmark
 * @param mode the test mode
 * @param loadGen LoadGen model name, scenario and sample counts
 * @param generation sampling parameters with provenance and deviations
 * @param chatTemplate texts from the prompt flags (files already read)
 * @param warnings one line each: model/category mismatch, ignored config keys or flags
 */
public record ResolvedBenchmark(
        BenchmarkSpec spec,
        RunMode mode,
        LoadGenTarget loadGen,
        ResolvedGeneration generation,
        ChatTexts chatTemplate,
        List<String> warnings) {

    public ResolvedBenchmark {
        warnings = List.copyOf(warnings);
    }

    /**
     * Resolves everything that does not need the dataset. Reads the {@code --generation-config},
     * {@code --system-prompt-file} and {@code --user-prompt-template-file} files.
     *
     * @throws io.llmharness.error.HarnessException one line naming the flag, file or key at fault
     */
    public static ResolvedBenchmark resolve(BenchmarkRegistry registry, BenchmarkOptions options) {
        BenchmarkSpec spec = registry.select(options.modelCategory(), options.model());
        LoadGenTarget target = spec.loadGen(options.scenario(), options.lgModelName());
        ResolvedGeneration generation = GenerationResolver.resolve(spec, options.testMode(), options.generation());
        ChatTexts template = ChatTexts.load(options.prompts());
        List<String> warnings = new ArrayList<>();
        registry.mismatchWarning(spec, options.model()).ifPresent(warnings::add);
        warnings.addAll(generation.warnings());
        return new ResolvedBenchmark(spec, options.testMode(), target, generation, template, warnings);
    }

    /** The prompt builder for a loaded dataset (see {@link PromptBuilders#select}). */
    public PromptPlan prompts(Collection<String> columns, String datasetName) {
        return PromptBuilders.select(spec, columns, datasetName, chatTemplate);
    }

    /** Row-count check of a loaded dataset (see {@link DatasetCheck#rowCount}). */
    public List<String> checkDataset(long rows, String datasetName) {
        return DatasetCheck.rowCount(spec, mode, rows, datasetName);
    }
}
