package io.llmharness.k8s.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.llmharness.k8s.LocalProfileFiles;
import io.llmharness.k8s.ProfileRenderer;
import io.llmharness.k8s.cluster.LaunchClock;
import io.llmharness.k8s.launch.Timings;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What the {@code harness k8s} commands take from the world: the environment variables, the profile renderer, how
 * to reach the cluster, the clock and whether to trap Ctrl-C. {@link #system()} is the real one; tests pass a mock
 * API server's client, a fixed environment and a virtual clock.
 *
 * @param env the environment variables (llm-d's {@code LLMDBENCH_*} defaults and the ones copied into the pods)
 * @param profiles turns {@code -l/-w/-o} into the ConfigMap's profile file
 * @param clients opens a client for the current kubeconfig context
 * @param clock deadlines and polling pauses
 * @param timings the launcher's fixed waits
 * @param trapSignals whether SIGINT/SIGTERM interrupt the run so it can clean up
 */
public record K8sEnvironment(
        Map<String, String> env,
        ProfileRenderer profiles,
        Supplier<KubernetesClient> clients,
        LaunchClock clock,
        Timings timings,
        boolean trapSignals) {

    public K8sEnvironment {
        env = Map.copyOf(env);
        Objects.requireNonNull(profiles, "profiles");
        Objects.requireNonNull(clients, "clients");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(timings, "timings");
    }

    /** The process environment, local profile files, the kubeconfig's current context, the system clock. */
    public static K8sEnvironment system() {
        return system(new LocalProfileFiles());
    }

    /** As {@link #system()}, with another profile renderer (workload mode's, once it is wired in). */
    public static K8sEnvironment system(ProfileRenderer profiles) {
        return new K8sEnvironment(
                System.getenv(),
                profiles,
                K8sEnvironment::kubeconfigClient,
                LaunchClock.SYSTEM,
                Timings.defaults(),
                true);
    }

    /**
     * A client for the kubeconfig's current context ({@code KUBECONFIG}, else {@code ~/.kube/config}, else the pod's
     * service account). fabric8 retries a failed request 10 times with a doubling pause (about 100 s in all); here
     * 3 times (under a second), so a cluster that is not there is reported at once: the launcher polls anyway.
     */
    static KubernetesClient kubeconfigClient() {
        Config config = new ConfigBuilder(Config.autoConfigure(null))
                .withRequestRetryBackoffLimit(3)
                .build();
        return new KubernetesClientBuilder().withConfig(config).build();
    }
}
