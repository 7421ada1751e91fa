package io.llmharness.benchmark;

import static io.llmharness.benchmark.RunScenario.INTERACTIVE;
import static io.llmharness.benchmark.RunScenario.OFFLINE;
import static io.llmharness.benchmark.RunScenario.SERVER;

import io.llmharness.benchmark.PromptSource.TokenIdsColumn;
import io.llmharness.client.EndpointType;
import io.llmharness.client.SamplingParams;

/**
 * gpt-oss-120b: Harmony prompts pre-rendered into token ids, sent to SGLang {@code /generate} as
 * {@code input_ids}. The reasoning effort is baked into the tokens, so performance (effort low) and accuracy
 * (effort high) runs read different dataset files.
 */
final class GptOssBenchmark {
    private GptOssBenchmark() {}

    /** T=1, top_p=1, top_k disabled (-1), at least one token. */
    private static SamplingParams sampling(int maxTokens) {
        return SamplingParams.SERVER_DEFAULTS
                .withMaxTokens(maxTokens)
                .withMinTokens(1)
                .withTemperature(1.0)
                .withTopP(1.0)
                .withTopK(-1);
    }

    static BenchmarkSpec spec() {
        return BenchmarkSpec.builder("gpt-oss-120b")
                .aliases("gpt-oss", "gptoss", "gptoss-120b", "gpt-oss120b")
                .model("openai/gpt-oss-120b", "gpt-?oss-?120b")
                .endpoint(EndpointType.GENERATE)
                .prompt(new TokenIdsColumn("tok_input"), new TokenIdsColumn("input_tokens"))
                .targets("ground_truth")
                .dataset(new DatasetInfo(
                        "AIME25 x8 + GPQA-Diamond x5 + LiveCodeBench v6 x3 (accuracy); parquet or pickle",
                        "perf/perf_eval_ref.parquet",
                        "acc/acc_eval_ref.parquet"))
                .variant("gpt-oss-120b", LatencyLimits.tokens(3000, 80), OFFLINE, SERVER)
                .variant("gpt-oss-120b-interactive", LatencyLimits.tokens(2000, 15), INTERACTIVE)
                .samples(6396)
                .accuracySamples(4395)
                .generation(sampling(10240), sampling(32768))
                .eos(200002, 199999, 200012)
                .accuracy("Harmony final channel extracted; AIME boxed integer, GPQA letter, LiveCodeBench tests;"
                        + " repeat-weighted exact_match 83.13 x0.99 = 82.30")
                .compliance("TEST07", "TEST09")
                .notes("Performance max 10240 tokens follows the reference README, TEST07/TEST09 and AMD (rules say"
                        + " 10000). Interactive TPOT 15 ms as in mlperf.conf (rules say 20). The accuracy file name"
                        + " is uncertain (acc_eval_inputs.parquet in the README). EOS ids are from the model's"
                        + " generation_config (<|return|>, <|endoftext|>, <|call|>).")
                .build();
    }
}
