package io.llmharness.benchmark;

import static io.llmharness.benchmark.RunScenario.OFFLINE;
import static io.llmharness.benchmark.RunScenario.SERVER;

import io.llmharness.benchmark.PromptSource.TokenIdsColumn;
import io.llmharness.client.EndpointType;

/** mixtral-8x7b: OpenOrca + GSM8K + MBXP, greedy, at least 2 output tokens; no interactive variant. */
final class MixtralBenchmark {
    private MixtralBenchmark() {}

    static BenchmarkSpec spec() {
        return BenchmarkSpec.builder("mixtral-8x7b")
                .aliases("mixtral", "mixtral-8x7b-instruct")
                .model("mistralai/Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b")
                .endpoint(EndpointType.COMPLETIONS)
                .prompt(new TokenIdsColumn("tok_input"))
                .targets("gt_output")
                .dataset(DatasetInfo.single(
                        "5k OpenOrca + 5k GSM8K + 5k MBXP; pickled DataFrame", "09292024_mixtral_15k_mintoken2_v1.pkl"))
                .variant("mixtral-8x7b", LatencyLimits.tokens(2000, 200), OFFLINE, SERVER)
                .samples(15000)
                .generation(ReferenceSampling.greedy(1024, 2))
                .eos(2)
                .accuracy("OpenOrca rows: ROUGE; GSM8K rows: last number vs gt_output; MBXP rows: generated code run"
                        + " against gt_output tests. rouge1 45.5989, rouge2 23.3526, rougeL 30.4608, gsm8k 73.66,"
                        + " mbxp 60.16 x0.99; tokens_per_sample >= 144.84 x0.9 and <= 145.9 x1.1")
                .compliance("TEST06")
                .notes("tok_input starts with two BOS ids (1 1): send it verbatim. The reference cuts MBXP outputs"
                        + " after the token sequence 13, 13940, 28832, 13 (newline, code fence, newline).")
                .build();
    }
}
