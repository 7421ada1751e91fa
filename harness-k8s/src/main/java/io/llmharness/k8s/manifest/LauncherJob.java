package io.llmharness.k8s.manifest;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Mode;
import io.llmharness.k8s.Names;
import io.llmharness.k8s.PodCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The launcher Job: one pod per shard, {@code restartPolicy: Never} and {@code backoffLimit: 0} (a failed benchmark
 * is reported, not silently re-run against the server), an Indexed Job when N &gt; 1 so each pod knows its share.
 * In debug mode the container sleeps instead of running {@code harness bench}.
 */
public final class LauncherJob {

    /** The launcher container's name, as llm-d names it. */
    public static final String CONTAINER = "harness";

    private static final String RESULTS_VOLUME = "results";
    private static final String PROFILES_VOLUME = "profiles";

    /** Variables the pods get from us; a forwarded workstation variable of the same name is dropped. */
    private static final Set<String> OWN_VARS = Set.of(
            "LLMDBENCH_RUN_EXPERIMENT_LAUNCHER",
            "LLMDBENCH_MAGIC_ENVAR",
            "LLMDBENCH_HARNESS_NAME",
            "LLMDBENCH_HARNESS_NAMESPACE",
            "LLMDBENCH_RUN_EXPERIMENT_ID",
            "LLMDBENCH_HARNESS_LOAD_PARALLELISM",
            "LLMDBENCH_RUN_EXPERIMENT_RESULTS_DIR",
            "LLMDBENCH_CONTROL_WORK_DIR",
            "LLMDBENCH_RUN_WORKSPACE_DIR");

    private LauncherJob() {}

    /** The Job manifest. */
    public static Job job(K8sRunSpec spec) {
        Names names = spec.names();
        int n = spec.control().parallelism();
        return new JobBuilder()
                .withNewMetadata()
                .withName(names.job())
                .withNamespace(spec.namespace())
                .withLabels(names.launcherLabels())
                .endMetadata()
                .withNewSpec()
                .withCompletionMode(spec.control().sharded() ? "Indexed" : "NonIndexed")
                .withCompletions(n)
                .withParallelism(n)
                .withBackoffLimit(0)
                .withNewTemplate()
                .withNewMetadata()
                .withLabels(names.launcherLabels())
                .endMetadata()
                .withNewSpec()
                .withRestartPolicy("Never")
                .withServiceAccountName(spec.pod().serviceAccount())
                .withContainers(container(spec))
                .withVolumes(volumes(spec))
                .endSpec()
                .endTemplate()
                .endSpec()
                .build();
    }

    private static Container container(K8sRunSpec spec) {
        Map<String, Quantity> resources = Map.of(
                "cpu", new Quantity(spec.pod().cpu()),
                "memory", new Quantity(spec.pod().memory()));
        ContainerBuilder c = new ContainerBuilder()
                .withName(CONTAINER)
                .withImage(spec.pod().image())
                .withImagePullPolicy(spec.pod().pullPolicy())
                .withEnv(env(spec))
                .withNewResources()
                .withRequests(resources)
                .withLimits(resources)
                .endResources()
                .withVolumeMounts(mounts(spec));
        if (spec.control().mode() == Mode.DEBUG) {
            c.withCommand("sleep", "infinity");
        } else {
            c.withArgs(PodCommand.args(spec));
        }
        return c.build();
    }

    /** The container's environment, in an order where every {@code $(VAR)} refers to an earlier variable. */
    static List<EnvVar> env(K8sRunSpec spec) {
        Names names = spec.names();
        List<EnvVar> env = new ArrayList<>();
        String index = "0";
        if (spec.control().sharded()) {
            env.add(new EnvVarBuilder()
                    .withName(PodCommand.INDEX_VAR)
                    .withNewValueFrom()
                    .withNewFieldRef()
                    .withFieldPath("metadata.annotations['batch.kubernetes.io/job-completion-index']")
                    .endFieldRef()
                    .endValueFrom()
                    .build());
            env.add(new EnvVarBuilder()
                    .withName(PodCommand.START_AT_VAR)
                    .withNewValueFrom()
                    .withNewConfigMapKeyRef()
                    .withName(names.configMap())
                    .withKey(Names.START_AT_KEY)
                    .endConfigMapKeyRef()
                    .endValueFrom()
                    .build());
            index = PodCommand.ref(PodCommand.INDEX_VAR);
        }
        env.add(fieldRef("POD_NAME", "metadata.name"));
        env.add(fieldRef("POD_UID", "metadata.uid"));
        spec.bench().forwardedEnv().forEach((k, v) -> {
            if (!OWN_VARS.contains(k) && !k.equals(PodCommand.INDEX_VAR) && !k.equals(PodCommand.START_AT_VAR)) {
                env.add(plain(k, v));
            }
        });
        String resultsDir = Names.RESULTS_MOUNT + "/" + names.resultsDir(index);
        env.add(plain("LLMDBENCH_RUN_EXPERIMENT_LAUNCHER", "1"));
        env.add(plain("LLMDBENCH_MAGIC_ENVAR", "harness_pod"));
        env.add(plain("LLMDBENCH_HARNESS_NAME", spec.bench().harness()));
        env.add(plain("LLMDBENCH_HARNESS_NAMESPACE", spec.namespace()));
        env.add(plain("LLMDBENCH_RUN_EXPERIMENT_ID", spec.control().experimentId()));
        env.add(plain(
                "LLMDBENCH_HARNESS_LOAD_PARALLELISM",
                Integer.toString(spec.control().parallelism())));
        env.add(plain("LLMDBENCH_RUN_EXPERIMENT_RESULTS_DIR", resultsDir));
        env.add(plain("LLMDBENCH_CONTROL_WORK_DIR", resultsDir));
        env.add(plain("LLMDBENCH_RUN_WORKSPACE_DIR", "/workspace"));
        return env;
    }

    private static EnvVar plain(String name, String value) {
        return new EnvVarBuilder().withName(name).withValue(value).build();
    }

    private static EnvVar fieldRef(String name, String path) {
        return new EnvVarBuilder()
                .withName(name)
                .withNewValueFrom()
                .withNewFieldRef()
                .withFieldPath(path)
                .endFieldRef()
                .endValueFrom()
                .build();
    }

    private static List<VolumeMount> mounts(K8sRunSpec spec) {
        List<VolumeMount> mounts = new ArrayList<>();
        mounts.add(new VolumeMountBuilder()
                .withName(RESULTS_VOLUME)
                .withMountPath(Names.RESULTS_MOUNT)
                .build());
        if (spec.bench().profile().isPresent()) {
            mounts.add(new VolumeMountBuilder()
                    .withName(PROFILES_VOLUME)
                    .withMountPath(spec.names().profilesDir())
                    .withReadOnly(true)
                    .build());
        }
        return mounts;
    }

    private static List<Volume> volumes(K8sRunSpec spec) {
        List<Volume> volumes = new ArrayList<>();
        volumes.add(new VolumeBuilder()
                .withName(RESULTS_VOLUME)
                .withNewPersistentVolumeClaim()
                .withClaimName(spec.storage().pvcName())
                .endPersistentVolumeClaim()
                .build());
        spec.bench()
                .profile()
                .ifPresent(p -> volumes.add(new VolumeBuilder()
                        .withName(PROFILES_VOLUME)
                        .withNewConfigMap()
                        .withName(spec.names().configMap())
                        .addNewItem()
                        .withKey(p.fileName())
                        .withPath(p.fileName())
                        .endItem()
                        .endConfigMap()
                        .build()));
        return volumes;
    }
}
