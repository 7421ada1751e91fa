package io.llmharness.k8s;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Launch specs for tests: llm-d's defaults, a chosen namespace and parallelism. */
public final class Specs {

    private Specs() {}

    public static K8sRunSpec sample(String namespace, int parallelism) {
        return with(namespace, parallelism, Mode.RUN, Optional.empty(), null, List.of());
    }

    public static K8sRunSpec with(
            String namespace,
            int parallelism,
            Mode mode,
            Optional<ProfileFile> profile,
            String overrides,
            List<String> extraArgs) {
        return new K8sRunSpec(
                namespace,
                new K8sRunSpec.Bench(
                        "inference-perf",
                        profile.map(ProfileFile::origin).orElse("sanity_random"),
                        profile,
                        overrides,
                        extraArgs,
                        Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "meta-llama/Llama-3.2-1B-Instruct")),
                new K8sRunSpec.PodSettings("llm-harness:test", null, "16", "32Gi", "inference-perf-runner"),
                new K8sRunSpec.Storage("workload-pvc", "20Gi", "ReadWriteMany", null),
                new K8sRunSpec.Control(
                        mode,
                        parallelism,
                        Duration.ofSeconds(3600),
                        Duration.ofSeconds(60),
                        false,
                        Path.of("harness_output"),
                        "1732608000",
                        true));
    }
}
