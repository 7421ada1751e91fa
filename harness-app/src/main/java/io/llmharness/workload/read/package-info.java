/**
 * Readers from rendered profile text to a {@link io.llmharness.workload.spec.WorkloadSpec}, one per harness format
 * (inference-perf, guidellm, vllm-benchmark), dispatched by {@link io.llmharness.workload.read.ProfileReaders}.
 * {@link io.llmharness.workload.read.YamlNode} walks the parsed YAML keeping the file and the key path, so every
 * error is one line such as {@code sanity_random.yaml: load.stages[0].rate: must be > 0, got -1}. Unknown keys are
 * errors (with a "did you mean"); known keys this tool does not support yet are errors or, when they only affect
 * reporting, warnings — never silently ignored.
 */
package io.llmharness.workload.read;
