package io.llmharness.k8s.manifest;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Names;
import java.util.Map;

/**
 * The short-lived pod results are copied out through: it mounts the PVC read-only at {@code /requests} and sleeps,
 * and the workstation runs {@code ls} and {@code tar} in it over the API server's exec. It uses the harness image
 * (already pulled for the launchers; it needs {@code sleep}, {@code ls} and {@code tar}) and removes itself after
 * {@link #LIFETIME_SECONDS} even if the workstation goes away.
 */
public final class CollectorPod {

    /** The container's name. */
    public static final String CONTAINER = "collector";
    /** How long the collector pod lives at most. */
    public static final long LIFETIME_SECONDS = 3600;

    private CollectorPod() {}

    /** The collector pod manifest. */
    public static Pod pod(K8sRunSpec spec) {
        Map<String, Quantity> small = Map.of("cpu", new Quantity("100m"), "memory", new Quantity("128Mi"));
        return new PodBuilder()
                .withNewMetadata()
                .withName(spec.names().collector())
                .withNamespace(spec.namespace())
                .withLabels(spec.names().collectorLabels())
                .endMetadata()
                .withNewSpec()
                .withRestartPolicy("Never")
                .withActiveDeadlineSeconds(LIFETIME_SECONDS)
                .withTerminationGracePeriodSeconds(1L)
                .addNewContainer()
                .withName(CONTAINER)
                .withImage(spec.pod().image())
                .withImagePullPolicy(spec.pod().pullPolicy())
                .withCommand("sleep", Long.toString(LIFETIME_SECONDS))
                .withNewResources()
                .withRequests(small)
                .endResources()
                .addNewVolumeMount()
                .withName("results")
                .withMountPath(Names.RESULTS_MOUNT)
                .withReadOnly(true)
                .endVolumeMount()
                .endContainer()
                .addNewVolume()
                .withName("results")
                .withNewPersistentVolumeClaim()
                .withClaimName(spec.storage().pvcName())
                .withReadOnly(true)
                .endPersistentVolumeClaim()
                .endVolume()
                .endSpec()
                .build();
    }
}
