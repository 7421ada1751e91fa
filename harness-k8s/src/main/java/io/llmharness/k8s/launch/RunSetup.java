package io.llmharness.k8s.launch;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.K8sRunSpec;
import io.llmharness.k8s.Names;
import io.llmharness.k8s.cluster.Api;
import io.llmharness.k8s.cluster.Cleanup;
import io.llmharness.k8s.cluster.Console;
import io.llmharness.k8s.cluster.LaunchClock;
import io.llmharness.k8s.manifest.LauncherJob;
import io.llmharness.k8s.manifest.RunObjects;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/** Creates a run's objects, in the order the launchers need them, recording each in the run's {@link Cleanup}. */
final class RunSetup {

    private final Api api;
    private final K8sRunSpec spec;
    private final LaunchClock clock;
    private final Console console;
    private final Duration poll;
    private final Duration goneWait;
    private final Cleanup cleanup;

    RunSetup(
            Api api,
            K8sRunSpec spec,
            LaunchClock clock,
            Console console,
            Duration poll,
            Duration goneWait,
            Cleanup cleanup) {
        this.api = api;
        this.cleanup = cleanup;
        this.spec = spec;
        this.clock = clock;
        this.console = console;
        this.poll = poll;
        this.goneWait = goneWait;
    }

    private String ns() {
        return spec.namespace();
    }

    /** The results PVC: used when it exists, else created (and kept after the run: it is the results store). */
    void ensurePvc() {
        K8sRunSpec.Storage s = spec.storage();
        var pvcs = api.client().persistentVolumeClaims().inNamespace(ns());
        PersistentVolumeClaim pvc = api.call(
                "read PVC " + s.pvcName(), () -> pvcs.withName(s.pvcName()).get());
        if (pvc == null) {
            api.call(
                    "create PVC " + s.pvcName(),
                    () -> pvcs.resource(RunObjects.pvc(spec)).create());
            console.info("created PVC " + s.pvcName() + " (" + s.size() + ", " + s.accessMode()
                    + "); it stays after the run, holding the results");
            return;
        }
        List<String> modes = pvc.getSpec() == null || pvc.getSpec().getAccessModes() == null
                ? List.of()
                : pvc.getSpec().getAccessModes();
        String phase = pvc.getStatus() == null ? "unknown" : pvc.getStatus().getPhase();
        console.info("using PVC " + s.pvcName() + " (" + String.join(",", modes) + ", " + phase + ")");
        if (spec.control().sharded() && !modes.contains("ReadWriteMany")) {
            console.warn("PVC " + s.pvcName() + " is not ReadWriteMany: "
                    + spec.control().parallelism() + " launchers can share it only if they all land on one node");
        }
    }

    /** The launchers' service account: used when it exists, else created for the run. */
    void ensureServiceAccount() {
        String sa = spec.pod().serviceAccount();
        var accounts = api.client().serviceAccounts().inNamespace(ns());
        if (api.call("read ServiceAccount " + sa, () -> accounts.withName(sa).get()) != null) {
            return;
        }
        api.call(
                "create ServiceAccount " + sa,
                () -> accounts.resource(RunObjects.serviceAccount(spec)).create());
        cleanup.created(
                "ServiceAccount " + sa,
                "kubectl delete serviceaccount " + sa + " -n " + ns(),
                () -> accounts.withName(sa).delete());
        console.info("created ServiceAccount " + sa);
    }

    /**
     * A Role with read access to pods and their logs, bound to the service account. Without the right to create
     * them the run goes on: {@code harness bench} does not need the API.
     */
    void ensureRbac() {
        String name = spec.names().role();
        var roles = api.client().rbac().roles().inNamespace(ns());
        var bindings = api.client().rbac().roleBindings().inNamespace(ns());
        try {
            roles.resource(RunObjects.role(spec)).createOr(NonDeletingOperation::update);
            cleanup.created(
                    "Role " + name,
                    "kubectl delete role " + name + " -n " + ns(),
                    () -> roles.withName(name).delete());
            bindings.resource(RunObjects.roleBinding(spec)).createOr(NonDeletingOperation::update);
            cleanup.created(
                    "RoleBinding " + name,
                    "kubectl delete rolebinding " + name + " -n " + ns(),
                    () -> bindings.withName(name).delete());
        } catch (KubernetesClientException e) {
            if (e.getCode() != 403) {
                throw api.translate("create Role and RoleBinding " + name, e);
            }
            console.warn("no right to create Role/RoleBinding " + name + " in namespace " + ns()
                    + ": the launchers run without read access to pods (only the nop harness needs it)");
        }
    }

    /**
     * A launcher Job of the same name from an earlier run is deleted when it has finished; one still running stops
     * this run, since deleting it would stop someone's benchmark.
     */
    void replaceFinishedJob() throws InterruptedException {
        String name = spec.names().job();
        var jobs = api.client().batch().v1().jobs().inNamespace(ns());
        Job old = api.call("read Job " + name, () -> jobs.withName(name).get());
        if (old == null) {
            return;
        }
        String experiment = old.getMetadata().getLabels() == null
                ? "unknown"
                : old.getMetadata().getLabels().getOrDefault(Names.EXPERIMENT_LABEL, "unknown");
        if (!JobWait.condition(old, "Complete") && !JobWait.condition(old, "Failed")) {
            throw K8sException.execution("a launcher Job " + name + " (experiment " + experiment
                    + ") is still running in namespace " + ns() + "; wait for it, or stop it with: kubectl delete job "
                    + name + " -n " + ns());
        }
        api.run(
                "delete the finished Job " + name,
                () -> jobs.withName(name)
                        .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                        .delete());
        Instant deadline = clock.now().plus(goneWait);
        while (api.call("read Job " + name, () -> jobs.withName(name).get()) != null) {
            if (!clock.now().isBefore(deadline)) {
                throw K8sException.execution("the finished launcher Job " + name + " in namespace " + ns()
                        + " is still being deleted; try again in a minute");
            }
            clock.pause(poll);
        }
        console.info("deleted the finished launcher Job " + name + " of experiment " + experiment);
    }

    /**
     * Writes the {@code <harness>-profiles} ConfigMap (replacing an earlier one, as llm-d does). When sharded, the
     * shared start instant is the ConfigMap's creation time on the API server's clock plus the start delay, so a
     * workstation with a wrong clock cannot put it in the past.
     *
     * @return the start instant, when sharded
     */
    Optional<Instant> createConfigMap() {
        String name = spec.names().configMap();
        var maps = api.client().configMaps().inNamespace(ns());
        if (api.call("read ConfigMap " + name, () -> maps.withName(name).get()) != null) {
            api.run(
                    "delete the old ConfigMap " + name,
                    () -> maps.withName(name).delete());
        }
        ConfigMap created = api.call(
                "create ConfigMap " + name,
                () -> maps.resource(RunObjects.configMap(spec, Optional.empty()))
                        .create());
        cleanup.created(
                "ConfigMap " + name,
                "kubectl delete configmap " + name + " -n " + ns(),
                () -> maps.withName(name).delete());
        if (!spec.control().sharded()) {
            return Optional.empty();
        }
        Instant startAt = serverTime(created).plus(spec.control().startDelay());
        api.call(
                "write the start instant into ConfigMap " + name,
                () -> maps.withName(name).edit(cm -> {
                    cm.getData().put(Names.START_AT_KEY, startAt.toString());
                    return cm;
                }));
        console.info("the " + spec.control().parallelism() + " shards start together at " + startAt + " ("
                + spec.control().startDelay().toSeconds() + " s after the ConfigMap was written, --start-delay)");
        return Optional.of(startAt);
    }

    private Instant serverTime(ConfigMap created) {
        String ts = created.getMetadata() == null ? null : created.getMetadata().getCreationTimestamp();
        if (ts != null) {
            try {
                return Instant.parse(ts);
            } catch (DateTimeParseException e) {
                // fall through to the local clock
            }
        }
        console.warn("the API server gave no creation time; the start instant comes from this machine's clock");
        return clock.now();
    }

    /** Creates the launcher Job. */
    void createJob() {
        String name = spec.names().job();
        var jobs = api.client().batch().v1().jobs().inNamespace(ns());
        api.call(
                "create Job " + name, () -> jobs.resource(LauncherJob.job(spec)).create());
        var pods = api.client().pods().inNamespace(ns()).withLabels(spec.names().launcherSelector());
        cleanup.created("Job " + name + " and its pods", "kubectl delete job " + name + " -n " + ns(), () -> {
            jobs.withName(name)
                    .withPropagationPolicy(DeletionPropagation.BACKGROUND)
                    .delete();
            pods.delete();
        });
        console.info("started Job " + name + ": " + spec.control().parallelism() + " launcher pod"
                + (spec.control().parallelism() == 1 ? "" : "s") + ", image "
                + spec.pod().image());
    }
}
