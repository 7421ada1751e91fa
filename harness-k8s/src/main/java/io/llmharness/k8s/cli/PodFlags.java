package io.llmharness.k8s.cli;

import io.llmharness.k8s.K8sRunSpec;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where and how the launcher pods run: namespace, image, resources, service account. */
final class PodFlags {

    @Option(
            names = {"-p", "--namespace"},
            paramLabel = "NS[,HARNESS_NS]",
            description = "Namespace, llm-d style `stack[,harness]`: everything is created in the second when given,"
                    + " else the first (default: LLMDBENCH_HARNESS_NAMESPACE, LLMDBENCH_VLLM_COMMON_NAMESPACE,"
                    + " else llmdbench).")
    String namespace;

    @Option(
            names = "--image",
            paramLabel = "IMAGE",
            description = "The harness container image (entry point `harness`), as the cluster pulls it"
                    + " (default: llm-harness:<version>; see docs/kubernetes.md to build and push it).")
    String image;

    @Option(
            names = "--image-pull-policy",
            paramLabel = "POLICY",
            description = "Always, IfNotPresent or Never (default: Kubernetes' own choice for the tag).")
    String pullPolicy;

    @Option(
            names = "--cpu",
            paramLabel = "QUANTITY",
            description = "CPU request and limit of each launcher (default: LLMDBENCH_HARNESS_CPU_NR, else 16).")
    String cpu;

    @Option(
            names = "--memory",
            paramLabel = "QUANTITY",
            description =
                    "Memory request and limit of each launcher (default: LLMDBENCH_HARNESS_CPU_MEM, else" + " 32Gi).")
    String memory;

    @Option(
            names = {"-q", "--service-account", "--serviceaccount"},
            paramLabel = "NAME",
            description = "The launchers' service account, created when missing (default:"
                    + " LLMDBENCH_HARNESS_SERVICE_ACCOUNT, else <harness>-runner).")
    String serviceAccount;

    /** The harness namespace: the second part of {@code stack,harness} when given. */
    String namespace(Map<String, String> env) {
        Pick p = Pick.of(
                namespace,
                "--namespace",
                env,
                "llmdbench",
                "LLMDBENCH_HARNESS_NAMESPACE",
                "LLMDBENCH_VLLM_COMMON_NAMESPACE");
        String[] parts = p.value().split(",", -1);
        String ns = parts.length > 1 && !parts[1].isBlank() ? parts[1].strip() : parts[0].strip();
        return Checks.namespace(new Pick(ns, p.from()));
    }

    K8sRunSpec.PodSettings settings(String harness, String defaultImage, Map<String, String> env) {
        Pick img = Pick.of(image, "--image", env, defaultImage);
        if (img.value().isBlank()) {
            throw io.llmharness.k8s.K8sException.badValue(img.from(), "--image: empty image name");
        }
        String policy = pullPolicy == null
                ? null
                : Checks.oneOf(new Pick(pullPolicy, "--image-pull-policy"), List.of("Always", "IfNotPresent", "Never"));
        return new K8sRunSpec.PodSettings(
                img.value(),
                policy,
                Checks.quantity(Pick.of(cpu, "--cpu", env, "16", "LLMDBENCH_HARNESS_CPU_NR")),
                Checks.quantity(Pick.of(memory, "--memory", env, "32Gi", "LLMDBENCH_HARNESS_CPU_MEM")),
                Checks.objectName(Pick.of(
                        serviceAccount,
                        "--service-account",
                        env,
                        harness + "-runner",
                        "LLMDBENCH_HARNESS_SERVICE_ACCOUNT")));
    }
}
