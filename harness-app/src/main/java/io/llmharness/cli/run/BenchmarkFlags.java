package io.llmharness.cli.run;

import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.benchmark.GenerationOptions;
import io.llmharness.benchmark.PromptOptions;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which benchmark, scenario and mode, and the generation and prompt flags. */
public final class BenchmarkFlags {

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            description = "Served model (HF id or path); picks the benchmark" + " when --model-category is absent.")
    String model;

    @Option(
            names = "--model-category",
            paramLabel = "NAME",
            description = "Benchmark: llama3.1-8b, llama2-70b,"
                    + " gpt-oss-120b, qwen3-vl-235b-a22b, ... (see docs/benchmarks.md).")
    String modelCategory;

    @Option(
            names = "--scenario",
            paramLabel = "SCENARIO",
            defaultValue = "Offline",
            description = "Offline, Server," + " Interactive, SingleStream or MultiStream (default: ${DEFAULT-VALUE}).")
    String scenario;

    @Option(
            names = "--test-mode",
            paramLabel = "MODE",
            defaultValue = "performance",
            description = "performance, accuracy, find-peak, or a compliance run: TEST06, TEST07 or TEST09 for"
                    + " gpt-oss-120b (official audit settings, then TEST0x/verify_accuracy.txt or"
                    + " TEST09/verify_output_len.txt) (default: ${DEFAULT-VALUE}).")
    String testMode;

    @Option(
            names = "--find-peak",
            description = "Server/Interactive: search the highest QPS that meets the benchmark's latency limits"
                    + " (LoadGen FindPeakPerformance; same as --test-mode find-peak).")
    boolean findPeak;

    @Option(
            names = "--lg-model-name",
            paramLabel = "NAME",
            description = "LoadGen model name for config lookups"
                    + " (default: the benchmark's, e.g. llama3_1-8b; -interactive for Interactive).")
    String lgModelName;

    @Option(
            names = "--generation-config",
            paramLabel = "FILE",
            description = "generation_config.json with sampling"
                    + " parameters (per-mode 'performance'/'accuracy' objects allowed).")
    Path generationConfig;

    @Option(names = "--max-tokens", paramLabel = "N", description = "Maximum output tokens (both modes).")
    Integer maxTokens;

    @Option(names = "--temperature", paramLabel = "T", description = "Sampling temperature (both modes).")
    Double temperature;

    @Option(names = "--top-k", paramLabel = "K", description = "Top-k (both modes; -1 = off).")
    Integer topK;

    @Option(names = "--top-p", paramLabel = "P", description = "Top-p (both modes).")
    Double topP;

    @Option(names = "--accuracy-temperature", paramLabel = "T", description = "Temperature in accuracy runs.")
    Double accuracyTemperature;

    @Option(names = "--accuracy-top-k", paramLabel = "K", description = "Top-k in accuracy runs.")
    Integer accuracyTopK;

    @Option(names = "--accuracy-top-p", paramLabel = "P", description = "Top-p in accuracy runs.")
    Double accuracyTopP;

    @Option(
            names = "--use-guided-decoding",
            description = "Constrain output to the benchmark's JSON schema" + " (qwen3-vl).")
    boolean useGuidedDecoding;

    @Option(names = "--system-prompt-file", paramLabel = "FILE", description = "System message text (qwen3-vl).")
    Path systemPromptFile;

    @Option(
            names = "--user-prompt-template-file",
            paramLabel = "FILE",
            description = "User message template with"
                    + " {product_title}, {product_description}, {potential_product_categories} (qwen3-vl).")
    Path userPromptTemplateFile;

    private RunMode mode() {
        RunMode mode = RunMode.parse(testMode);
        if (findPeak && mode != RunMode.PERFORMANCE && mode != RunMode.FIND_PEAK) {
            throw HarnessException.usage("--find-peak cannot be combined with --test-mode " + testMode
                    + ": a peak search is a performance run; drop one of them");
        }
        return findPeak ? RunMode.FIND_PEAK : mode;
    }

    /** The flags as benchmark options; bad values are usage errors naming the flag. */
    public BenchmarkOptions toOptions() {
        return new BenchmarkOptions(
                modelCategory,
                model,
                RunScenario.parse(scenario),
                mode(),
                lgModelName,
                new GenerationOptions(
                        generationConfig,
                        maxTokens,
                        temperature,
                        topK,
                        topP,
                        accuracyTemperature,
                        accuracyTopK,
                        accuracyTopP,
                        useGuidedDecoding),
                new PromptOptions(systemPromptFile, userPromptTemplateFile));
    }
}
