/**
 * Workload mode's input side: llm-d-benchmark workload profiles as users already have them, turned into one
 * immutable {@link io.llmharness.workload.spec.WorkloadSpec}.
 *
 * <p>The pipeline is text first, then structure: {@link io.llmharness.workload.ProfileLocator} finds the template
 * ({@code profiles/<harness>/<name>.yaml.in}, or a path); {@link io.llmharness.workload.template} applies llm-d's
 * {@code -o} overrides and {@code REPLACE_ENV_*} substitution to the text, exactly as llm-d's {@code run.sh} does;
 * {@link io.llmharness.workload.read} parses the rendered YAML with the semantics of the harness that owns it
 * (inference-perf, guidellm, vllm-benchmark) into the spec. Every error is one line naming the file and the key.
 *
 * <p>{@link io.llmharness.workload.schedule} turns a stage into arrival times (pure functions of stage, seed and
 * index, no clock); {@link io.llmharness.workload.data} turns a data section into prompts of exact token lengths
 * through the {@link io.llmharness.tokenizer.TextTokenizer} interface.
 */
package io.llmharness.workload;
