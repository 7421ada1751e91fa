package io.llmharness.k8s.manifest;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Names;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The namespace objects a run needs besides the Job: the results PVC, the launchers' service account with a
 * read-only Role on pods and their logs (for the nop harness and for clock checks against the API server), and the
 * {@code <harness>-profiles} ConfigMap with the profile and the run's parameters.
 */
public final class RunObjects {

    private RunObjects() {}

    /** The results PVC; only created when it does not exist yet, and never deleted (it is the results store). */
    public static PersistentVolumeClaim pvc(K8sRunSpec spec) {
        K8sRunSpec.Storage s = spec.storage();
        return new PersistentVolumeClaimBuilder()
                .withNewMetadata()
                .withName(s.pvcName())
                .withNamespace(spec.namespace())
                .withLabels(Map.of(Names.MANAGED_BY, Names.MANAGER))
                .endMetadata()
                .withNewSpec()
                .withAccessModes(s.accessMode())
                .withStorageClassName(s.storageClass())
                .withNewResources()
                .withRequests(Map.of("storage", new Quantity(s.size())))
                .endResources()
                .endSpec()
                .build();
    }

    /** The launchers' service account; only created when it does not exist yet. */
    public static ServiceAccount serviceAccount(K8sRunSpec spec) {
        return new ServiceAccountBuilder()
                .withNewMetadata()
                .withName(spec.pod().serviceAccount())
                .withNamespace(spec.namespace())
                .withLabels(spec.names().runLabels())
                .endMetadata()
                .build();
    }

    /**
     * Read-only access to pods and pod logs in the namespace, and to Deployments (the nop harness finds the vLLM
     * standalone server's pod through its Deployment's selector, as llm-d's does).
     */
    public static Role role(K8sRunSpec spec) {
        return new RoleBuilder()
                .withNewMetadata()
                .withName(spec.names().role())
                .withNamespace(spec.namespace())
                .withLabels(spec.names().runLabels())
                .endMetadata()
                .withRules(new PolicyRuleBuilder()
                        .withApiGroups("")
                        .withResources("pods", "pods/log")
                        .withVerbs("get", "list", "watch")
                        .build())
                .addToRules(new PolicyRuleBuilder()
                        .withApiGroups("apps")
                        .withResources("deployments")
                        .withVerbs("get")
                        .build())
                .build();
    }

    /** Binds {@link #role} to the launchers' service account. */
    public static RoleBinding roleBinding(K8sRunSpec spec) {
        return new RoleBindingBuilder()
                .withNewMetadata()
                .withName(spec.names().role())
                .withNamespace(spec.namespace())
                .withLabels(spec.names().runLabels())
                .endMetadata()
                .withNewRoleRef()
                .withApiGroup("rbac.authorization.k8s.io")
                .withKind("Role")
                .withName(spec.names().role())
                .endRoleRef()
                .addNewSubject()
                .withKind("ServiceAccount")
                .withName(spec.pod().serviceAccount())
                .withNamespace(spec.namespace())
                .endSubject()
                .build();
    }

    /**
     * The {@code <harness>-profiles} ConfigMap: the profile file (when there is one), the experiment id, the number of
     * shards and, when sharded, the shared start instant every launcher waits for.
     *
     * @param startAt the start instant, or empty before it is known (it is written once the API server's clock is)
     */
    public static ConfigMap configMap(K8sRunSpec spec, Optional<Instant> startAt) {
        Map<String, String> data = new LinkedHashMap<>();
        spec.bench().profile().ifPresent(p -> data.put(p.fileName(), p.text()));
        data.put("experiment-id", spec.control().experimentId());
        data.put("parallelism", Integer.toString(spec.control().parallelism()));
        startAt.ifPresent(t -> data.put(Names.START_AT_KEY, t.toString()));
        return new ConfigMapBuilder()
                .withNewMetadata()
                .withName(spec.names().configMap())
                .withNamespace(spec.namespace())
                .withLabels(spec.names().runLabels())
                .endMetadata()
                .withData(data)
                .build();
    }
}
