/**
 * Benchmark specs: one small, declarative {@link io.llmharness.benchmark.BenchmarkSpec} per MLPerf LLM/VLM
 * benchmark, and the pure functions that turn a spec plus user input into what a run needs.
 *
 * <p>{@code harness run} fills a {@link io.llmharness.benchmark.BenchmarkOptions} from its flags and calls
 * {@link io.llmharness.benchmark.ResolvedBenchmark#resolve}, which does steps 1–3 below before any socket
 * opens; step 4 follows once the dataset is loaded ({@code ResolvedBenchmark.prompts}). The steps:
 *
 * <ol>
 *   <li>{@link io.llmharness.benchmark.BenchmarkRegistry#select} picks the spec from {@code --model-category}
 *       or infers it from {@code --model};
 *   <li>{@link io.llmharness.benchmark.BenchmarkSpec#loadGen} gives the LoadGen model name and scenario
 *       ({@code Interactive} = LoadGen Server with the {@code -interactive} name);
 *   <li>{@link io.llmharness.benchmark.GenerationResolver} merges reference defaults for the test mode,
 *       {@code --generation-config} and CLI flags into {@link io.llmharness.client.SamplingParams}, recording
 *       where each value came from and how the run deviates from the reference;
 *   <li>{@link io.llmharness.benchmark.PromptBuilders#select} detects the prompt column(s) of the dataset and
 *       returns a {@link io.llmharness.benchmark.PromptBuilder} that turns each {@link
 *       io.llmharness.benchmark.RowView} into a {@link io.llmharness.client.Prompt}.
 * </ol>
 *
 * <p>Specs are facts restated from MLCommons sources (mlperf.conf, reference implementations, the submission
 * checker); where sources disagree the enforced value is used and the spec's {@code notes} say so. Nothing here
 * evaluates accuracy; {@code accuracyNotes} only describe it. All functions are pure except the two that read
 * files ({@link io.llmharness.benchmark.GenerationConfigParser#read}, {@link
 * io.llmharness.benchmark.ChatTexts#load}).
 */
package io.llmharness.benchmark;
