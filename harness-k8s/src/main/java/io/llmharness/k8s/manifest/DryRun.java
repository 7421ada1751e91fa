package io.llmharness.k8s.manifest;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Mode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every manifest a run would apply, in the order it applies them, and their YAML as {@code --dry-run} prints it
 * (one document each, readable by {@code kubectl apply -f -} and by the client's own model classes).
 */
public final class DryRun {

    private static final KubernetesSerialization YAML = new KubernetesSerialization();

    private DryRun() {}

    /**
     * The manifests, in apply order. The PVC and service account are listed although the launcher creates them
     * only when they are missing; the collector pod comes last, after the launchers finished.
     *
     * @param startAt the shared start instant to show in the ConfigMap (a real run takes it from the API server)
     */
    public static List<HasMetadata> manifests(K8sRunSpec spec, Instant startAt) {
        List<HasMetadata> all = new ArrayList<>();
        all.add(RunObjects.pvc(spec));
        if (spec.control().mode() != Mode.SKIP_RUN) {
            all.add(RunObjects.serviceAccount(spec));
            all.add(RunObjects.role(spec));
            all.add(RunObjects.roleBinding(spec));
            all.add(RunObjects.configMap(spec, spec.control().sharded() ? Optional.of(startAt) : Optional.empty()));
            all.add(LauncherJob.job(spec));
        }
        boolean collects = spec.control().mode() == Mode.SKIP_RUN
                || (spec.control().mode() == Mode.RUN
                        && !spec.control().waitTimeout().isZero());
        if (collects) {
            all.add(CollectorPod.pod(spec));
        }
        return all;
    }

    /** One YAML document per manifest, each starting with {@code ---}. */
    public static String yaml(List<HasMetadata> manifests) {
        StringBuilder sb = new StringBuilder();
        for (HasMetadata m : manifests) {
            sb.append(YAML.asYaml(m));
        }
        return sb.toString();
    }
}
