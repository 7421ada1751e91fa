package io.llmharness.k8s;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One {@code harness k8s run}, resolved and validated: every flag, variable and default already applied. Built by
 * the command line, read by the manifest builders and the launcher; nothing here talks to a cluster.
 *
 * @param namespace where every object is created (llm-d's harness namespace)
 * @param bench what the launcher pods run
 * @param pod how the launcher pods look
 * @param storage the results PVC
 * @param control how the run is driven
 */
public record K8sRunSpec(String namespace, Bench bench, PodSettings pod, Storage storage, Control control) {

    public K8sRunSpec {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(bench, "bench");
        Objects.requireNonNull(pod, "pod");
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(control, "control");
    }

    /**
     * What the launcher pods run: {@code harness bench -l <harness> -w <workload> [-o <overrides>] <extraArgs>}.
     *
     * @param harness llm-d's harness name ({@code -l})
     * @param workload the {@code -w} value as given (a name or a path)
     * @param profile the file for the ConfigMap, or empty when the pods resolve {@code workload} by name
     * @param overrides the {@code -o} value, or null
     * @param extraArgs more {@code harness bench} arguments (after {@code --} on the command line)
     * @param forwardedEnv workstation variables copied into the pods ({@code LLMDBENCH_*}), in a stable order
     */
    public record Bench(
            String harness,
            String workload,
            Optional<ProfileFile> profile,
            String overrides,
            List<String> extraArgs,
            Map<String, String> forwardedEnv) {
        public Bench {
            Objects.requireNonNull(harness, "harness");
            Objects.requireNonNull(workload, "workload");
            Objects.requireNonNull(profile, "profile");
            extraArgs = List.copyOf(extraArgs);
            forwardedEnv = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(forwardedEnv));
        }

        /** Whether the pods must render the profile themselves and so get {@code -o}. */
        public boolean podsRender() {
            return profile.map(p -> !p.rendered()).orElse(true);
        }

        /** The workload's short name, as results directories and the ConfigMap use it. */
        public String workloadName() {
            return profile.map(ProfileFile::workloadName).orElseGet(() -> Names.workloadName(workload));
        }
    }

    /**
     * @param image the container image whose entry point is {@code harness}
     * @param pullPolicy {@code Always}, {@code IfNotPresent}, {@code Never}, or null for Kubernetes' default
     * @param cpu CPU request and limit, a Kubernetes quantity ({@code 16}, {@code 500m})
     * @param memory memory request and limit, a Kubernetes quantity ({@code 32Gi})
     * @param serviceAccount the pods' service account; created when missing
     */
    public record PodSettings(String image, String pullPolicy, String cpu, String memory, String serviceAccount) {
        public PodSettings {
            Objects.requireNonNull(image, "image");
            Objects.requireNonNull(cpu, "cpu");
            Objects.requireNonNull(memory, "memory");
            Objects.requireNonNull(serviceAccount, "serviceAccount");
        }
    }

    /**
     * @param pvcName the results PVC, mounted at {@code /requests}; created when missing, never deleted
     * @param size its size when created ({@code 20Gi})
     * @param accessMode its access mode when created ({@code ReadWriteMany}: N pods on N nodes)
     * @param storageClass its storage class when created, or null for the cluster's default
     */
    public record Storage(String pvcName, String size, String accessMode, String storageClass) {
        public Storage {
            Objects.requireNonNull(pvcName, "pvcName");
            Objects.requireNonNull(size, "size");
            Objects.requireNonNull(accessMode, "accessMode");
        }
    }

    /**
     * @param mode run, collect only, or debug
     * @param parallelism N launcher pods, each running share I of N ({@code --shard I/N}) when N &gt; 1
     * @param waitTimeout how long to wait for the launchers; zero = start them and return (nothing collected)
     * @param startDelay how far after the ConfigMap's creation the shared start instant lies (N &gt; 1)
     * @param keep leave every created object in place
     * @param outputDir where the results are copied to
     * @param experimentId llm-d's experiment id: part of every results directory name and of the labels
     * @param experimentIdGiven whether the user chose it ({@code --skip-run} then collects only that experiment)
     */
    public record Control(
            Mode mode,
            int parallelism,
            Duration waitTimeout,
            Duration startDelay,
            boolean keep,
            Path outputDir,
            String experimentId,
            boolean experimentIdGiven) {
        public Control {
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(waitTimeout, "waitTimeout");
            Objects.requireNonNull(startDelay, "startDelay");
            Objects.requireNonNull(outputDir, "outputDir");
            Objects.requireNonNull(experimentId, "experimentId");
            if (parallelism < 1) {
                throw new IllegalArgumentException("parallelism must be >= 1: " + parallelism);
            }
        }

        /** Whether the launchers form an Indexed Job of N shards. */
        public boolean sharded() {
            return parallelism > 1;
        }
    }

    /** The names and labels of everything this run creates. */
    public Names names() {
        return new Names(this);
    }
}
