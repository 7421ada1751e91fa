package io.llmharness.benchmark;

import static io.llmharness.benchmark.RunScenario.INTERACTIVE;
import static io.llmharness.benchmark.RunScenario.OFFLINE;
import static io.llmharness.benchmark.RunScenario.SERVER;

import io.llmharness.benchmark.PromptSource.TokenIdsColumn;
import io.llmharness.client.EndpointType;

/** deepseek-r1: reasoning ensemble (AIME, MATH500, GPQA, MMLU-Pro, LiveCodeBench), greedy, up to 20000 tokens. */
final class DeepSeekR1Benchmark {
    private DeepSeekR1Benchmark() {}

    static BenchmarkSpec spec() {
        return BenchmarkSpec.builder("deepseek-r1")
                .aliases("deepseek", "deepseek-r1-671b")
                .model("deepseek-ai/DeepSeek-R1", "deepseek-r1(?![0-9a-z])(?!-distill)")
                .endpoint(EndpointType.COMPLETIONS)
                .prompt(new TokenIdsColumn("tok_input"))
                .targets("ground_truth", "gt_output")
                .dataset(DatasetInfo.single(
                        "AIME, MATH500, GPQA, MMLU-Pro, LiveCodeBench; pickled DataFrame",
                        "mlperf_deepseek_r1_dataset_4388_fp8_eval.pkl"))
                .variant("deepseek-r1", LatencyLimits.tokens(2000, 80), OFFLINE, SERVER)
                .variant("deepseek-r1-interactive", LatencyLimits.tokens(1500, 15), INTERACTIVE)
                .samples(4388)
                .generation(ReferenceSampling.greedy(20000, 1))
                .eos(1)
                .accuracy("Per-dataset answer extraction (boxed integer, PRM800K grader, answer letter, LiveCodeBench"
                        + " tests); exact_match 81.3582 x0.99; tokens_per_sample 3886.2274 within +-10%")
                .compliance("TEST06")
                .notes("tok_input is sent verbatim to /v1/completions (as NVIDIA does); the reference SGLang/vLLM"
                        + " paths re-apply the chat template to text_input instead. Rules v5.1 said max 32768.")
                .build();
    }
}
