package io.llmharness.k8s.cli;

import io.llmharness.k8s.ForwardedEnv;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.PodCommand;
import io.llmharness.k8s.ProfileFile;
import io.llmharness.k8s.ProfileRenderer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Option;

/** What the launchers run: llm-d's {@code -l}, {@code -w}, {@code -o}. */
final class WorkloadFlags {

    /** The harnesses llm-d-benchmark knows, by their profile directory names. */
    static final List<String> HARNESSES =
            List.of("inference-perf", "guidellm", "vllm-benchmark", "nop", "inferencemax", "fmperf");

    @Option(
            names = {"-l", "--harness"},
            paramLabel = "NAME",
            description = "Harness whose profiles the launchers run: inference-perf (default), guidellm,"
                    + " vllm-benchmark, nop. Default from LLMDBENCH_HARNESS_NAME.")
    String harness;

    @Option(
            names = {"-w", "--workload"},
            paramLabel = "PROFILE",
            description = "A profile file (it goes into the <harness>-profiles ConfigMap) or the name of a profile"
                    + " shipped in the image (default: LLMDBENCH_HARNESS_EXPERIMENT_PROFILE, else sanity_random;"
                    + " nop for -l nop).")
    String workload;

    @Option(
            names = {"-o", "--overrides"},
            paramLabel = "K=V,...",
            description =
                    "Profile overrides, llm-d style. Default from" + " LLMDBENCH_HARNESS_EXPERIMENT_PROFILE_OVERRIDES.")
    String overrides;

    /** The harness name, validated. */
    String harness(Map<String, String> env) {
        Pick p = Pick.of(harness, "--harness", env, "inference-perf", "LLMDBENCH_HARNESS_NAME");
        String h = p.value().strip().toLowerCase(java.util.Locale.ROOT);
        if (!HARNESSES.contains(h)) {
            throw K8sException.badValue(
                    p.from(), p.shown() + ": unknown harness (known: " + String.join(", ", HARNESSES) + ")");
        }
        return h;
    }

    /** The launchers' bench part of the spec. */
    K8sRunSpec.Bench bench(String harness, ProfileRenderer profiles, List<String> extraArgs, Map<String, String> env) {
        String fallback = harness.equals(PodCommand.NOP) ? PodCommand.NOP : "sanity_random";
        Pick w = Pick.of(workload, "--workload", env, fallback, "LLMDBENCH_HARNESS_EXPERIMENT_PROFILE");
        if (w.value().isBlank()) {
            throw K8sException.badValue(w.from(), w.from() + ": empty workload");
        }
        Pick o = Pick.of(overrides, "--overrides", env, null, "LLMDBENCH_HARNESS_EXPERIMENT_PROFILE_OVERRIDES");
        Optional<ProfileFile> file = profiles.render(harness, w.value(), w.from(), o.value(), env);
        return new K8sRunSpec.Bench(harness, w.value(), file, o.value(), extraArgs, ForwardedEnv.select(env));
    }
}
