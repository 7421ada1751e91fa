package io.llmharness.k8s.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.llmharness.k8s.LocalProfileFiles;
import io.llmharness.k8s.fake.VirtualClock;
import io.llmharness.k8s.launch.Timings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --dry-run} prints manifests that fabric8's own model classes read back, with llm-d's names, labels, mounts
 * and variables. No API server is involved: the client supplier fails if it is ever called.
 */
class K8sDryRunTest {

    @TempDir
    Path tmp;

    private static CliRun dryRun(Map<String, String> env, String... args) {
        K8sEnvironment e = new K8sEnvironment(
                env,
                new LocalProfileFiles(),
                () -> {
                    throw new AssertionError("a dry run must not open a client");
                },
                new VirtualClock(() -> {}),
                Timings.defaults(),
                false);
        return CliRun.of(e, CliRun.args(List.of("run", "--dry-run"), args));
    }

    private static List<HasMetadata> parse(String yaml) {
        Object parsed = new KubernetesSerialization().unmarshal(yaml);
        @SuppressWarnings("unchecked")
        List<HasMetadata> list = parsed instanceof List<?> l ? (List<HasMetadata>) l : List.of((HasMetadata) parsed);
        return list;
    }

    private static <T> T one(List<HasMetadata> all, Class<T> type) {
        List<T> found = all.stream().filter(type::isInstance).map(type::cast).toList();
        assertThat(found).as(type.getSimpleName()).hasSize(1);
        return found.get(0);
    }

    private static Map<String, EnvVar> env(Container c) {
        return c.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, v -> v));
    }

    @Test
    void theNopLauncherReadsTheServerPodsLogWithTheRunsRole() {
        CliRun r = dryRun(
                Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", "http://vllm-standalone.llmd.svc.cluster.local:80"),
                "-p",
                "llmd,bench",
                "-l",
                "nop");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        List<HasMetadata> all = parse(r.out());
        Container c = one(all, Job.class)
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0);
        assertThat(c.getArgs())
                .containsSequence("bench", "-l", "nop", "-w", "nop")
                .containsSequence("--server-pod", "auto");
        assertThat(env(c).get("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL").getValue())
                .isEqualTo("http://vllm-standalone.llmd.svc.cluster.local:80");
        assertThat(one(all, Role.class).getRules())
                .anySatisfy(rule -> {
                    assertThat(rule.getApiGroups()).containsExactly("");
                    assertThat(rule.getResources()).contains("pods", "pods/log");
                    assertThat(rule.getVerbs()).contains("get", "list");
                })
                .anySatisfy(rule -> {
                    assertThat(rule.getApiGroups()).containsExactly("apps");
                    assertThat(rule.getResources()).containsExactly("deployments");
                    assertThat(rule.getVerbs()).containsExactly("get");
                });
        assertThat(r.out()).contains("# launcher command: harness bench -l nop -w nop --output-dir");

        CliRun file = dryRun(Map.of(), "-l", "nop", "--", "--server-log", "/requests/vllm.log");
        assertThat(file.out())
                .as("a log source after -- wins")
                .contains("--server-log /requests/vllm.log")
                .doesNotContain("--server-pod");
    }

    @Test
    void threeShardsWithAProfileFileInLlmdsNamesAndLabels() throws Exception {
        Path profile = tmp.resolve("sanity_random.yaml.in");
        Files.writeString(profile, "load:\n  type: constant\n  stages:\n  - rate: 1\n    duration: 30\n");
        Map<String, String> vars = Map.of(
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "meta-llama/Llama-3.2-1B-Instruct",
                "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", "http://gw.llmd.svc.cluster.local:80",
                "LLMDBENCH_HF_TOKEN", "hf_secret");

        CliRun r = dryRun(vars, "-p", "llmd,bench", "-j", "3", "-w", profile.toString(), "--experiment-id", "77");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        List<HasMetadata> all = parse(r.out());
        assertThat(all)
                .extracting(HasMetadata::getKind)
                .containsExactly(
                        "PersistentVolumeClaim", "ServiceAccount", "Role", "RoleBinding", "ConfigMap", "Job", "Pod");
        assertThat(all)
                .allSatisfy(m -> assertThat(m.getMetadata().getNamespace()).isEqualTo("bench"));

        PersistentVolumeClaim pvc = one(all, PersistentVolumeClaim.class);
        assertThat(pvc.getMetadata().getName()).isEqualTo("workload-pvc");
        assertThat(pvc.getSpec().getResources().getRequests()).containsEntry("storage", new Quantity("20Gi"));
        assertThat(one(all, ServiceAccount.class).getMetadata().getName()).isEqualTo("inference-perf-runner");
        RoleBinding binding = one(all, RoleBinding.class);
        assertThat(binding.getRoleRef().getName())
                .isEqualTo(one(all, Role.class).getMetadata().getName());
        assertThat(binding.getSubjects().get(0).getName()).isEqualTo("inference-perf-runner");

        ConfigMap cm = one(all, ConfigMap.class);
        assertThat(cm.getMetadata().getName()).isEqualTo("inference-perf-profiles");
        assertThat(cm.getData())
                .containsEntry("sanity_random.yaml.in", Files.readString(profile))
                .containsEntry("parallelism", "3")
                .containsKey("start-at");

        Job job = one(all, Job.class);
        assertThat(job.getMetadata().getName()).isEqualTo("llmdbench-inference-perf-launcher");
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getCompletions()).isEqualTo(3);
        assertThat(job.getSpec().getBackoffLimit()).isZero();
        assertThat(job.getSpec().getTemplate().getMetadata().getLabels())
                .containsEntry("app", "llmdbench-harness-launcher")
                .containsEntry("function", "load_generator")
                .containsEntry("llm-harness/experiment-id", "77");
        PodSpec pod = job.getSpec().getTemplate().getSpec();
        assertThat(pod.getRestartPolicy()).isEqualTo("Never");
        assertThat(pod.getServiceAccountName()).isEqualTo("inference-perf-runner");
        Container c = pod.getContainers().get(0);
        assertThat(c.getName()).isEqualTo("harness");
        assertThat(c.getImage()).startsWith("llm-harness:");
        assertThat(c.getCommand()).as("the image's entry point, harness, runs").isEmpty();
        assertThat(c.getArgs())
                .containsSequence(
                        "bench",
                        "-l",
                        "inference-perf",
                        "-w",
                        "/workspace/profiles/inference-perf/sanity_random.yaml.in")
                .containsSequence("--shard", "$(JOB_COMPLETION_INDEX)/3", "--start-at", "$(HARNESS_START_AT)");
        assertThat(c.getResources().getRequests())
                .containsEntry("cpu", new Quantity("16"))
                .containsEntry("memory", new Quantity("32Gi"));
        assertThat(c.getResources().getLimits()).isEqualTo(c.getResources().getRequests());
        assertThat(c.getVolumeMounts())
                .extracting(m -> m.getMountPath())
                .containsExactly("/requests", "/workspace/profiles/inference-perf");
        Map<String, EnvVar> env = env(c);
        assertThat(env.get("JOB_COMPLETION_INDEX").getValueFrom().getFieldRef().getFieldPath())
                .isEqualTo("metadata.annotations['batch.kubernetes.io/job-completion-index']");
        assertThat(env.get("HARNESS_START_AT")
                        .getValueFrom()
                        .getConfigMapKeyRef()
                        .getKey())
                .isEqualTo("start-at");
        assertThat(env.get("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL").getValue())
                .isEqualTo("http://gw.llmd.svc.cluster.local:80");
        assertThat(env.get("LLMDBENCH_RUN_EXPERIMENT_RESULTS_DIR").getValue())
                .isEqualTo("/requests/inference-perf_77_sanity_random_$(JOB_COMPLETION_INDEX)");
        assertThat(env.get("LLMDBENCH_MAGIC_ENVAR").getValue()).isEqualTo("harness_pod");
        assertThat(env).doesNotContainKey("LLMDBENCH_HF_TOKEN");
        List<String> order = c.getEnv().stream().map(EnvVar::getName).toList();
        assertThat(order.indexOf("JOB_COMPLETION_INDEX"))
                .as("defined before the variables that refer to it")
                .isLessThan(order.indexOf("LLMDBENCH_RUN_EXPERIMENT_RESULTS_DIR"));
        assertThat(pod.getVolumes().get(1).getConfigMap().getItems())
                .extracting(i -> i.getKey())
                .containsExactly("sanity_random.yaml.in");

        Pod collector = one(all, Pod.class);
        assertThat(collector.getMetadata().getName()).isEqualTo("llmdbench-harness-collector-77");
        assertThat(collector
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getVolumeMounts()
                        .get(0)
                        .getReadOnly())
                .isTrue();
        assertThat(r.out())
                .startsWith("# harness k8s run --dry-run: nothing was applied. Namespace bench, 3 launchers");
    }

    @Test
    void oneLauncherIsAPlainJobWithoutShardVariables() {
        CliRun r = dryRun(Map.of(), "--experiment-id", "5");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        Job job = one(parse(r.out()), Job.class);
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("NonIndexed");
        Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(env(c)).doesNotContainKeys("JOB_COMPLETION_INDEX", "HARNESS_START_AT");
        assertThat(c.getArgs()).doesNotContain("--shard");
        assertThat(c.getVolumeMounts()).hasSize(1);
        assertThat(one(parse(r.out()), ConfigMap.class).getData()).doesNotContainKey("start-at");
    }

    @Test
    void debugSleepsUnderLlmdsDebugNameAndNeedsNoCollector() {
        CliRun r = dryRun(Map.of(), "-d");

        List<HasMetadata> all = parse(r.out());
        Job job = one(all, Job.class);
        assertThat(job.getMetadata().getName()).isEqualTo("llmdbench-harness-launcher");
        assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand())
                .containsExactly("sleep", "infinity");
        assertThat(all).noneMatch(m -> m instanceof Pod);
    }

    @Test
    void skipRunOnlyNeedsThePvcAndTheCollector() {
        CliRun r = dryRun(Map.of(), "--skip-run");

        assertThat(parse(r.out())).extracting(HasMetadata::getKind).containsExactly("PersistentVolumeClaim", "Pod");
    }

    @Test
    void llmdsVariablesSetTheDefaultsAndFlagsBeatThem() {
        Map<String, String> vars = Map.of(
                "LLMDBENCH_HARNESS_NAMESPACE", "from-env",
                "LLMDBENCH_HARNESS_NAME", "guidellm",
                "LLMDBENCH_HARNESS_PVC_NAME", "results",
                "LLMDBENCH_HARNESS_PVC_SIZE", "5Gi",
                "LLMDBENCH_HARNESS_CPU_NR", "4",
                "LLMDBENCH_HARNESS_CPU_MEM", "8Gi",
                "LLMDBENCH_HARNESS_LOAD_PARALLELISM", "2",
                "LLMDBENCH_RUN_EXPERIMENT_ID", "abc");

        List<HasMetadata> all = parse(dryRun(vars).out());
        Job job = one(all, Job.class);
        assertThat(job.getMetadata().getNamespace()).isEqualTo("from-env");
        assertThat(job.getMetadata().getName()).isEqualTo("llmdbench-guidellm-launcher");
        assertThat(job.getSpec().getCompletions()).isEqualTo(2);
        assertThat(one(all, PersistentVolumeClaim.class).getMetadata().getName())
                .isEqualTo("results");
        Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(c.getResources().getLimits())
                .containsEntry("cpu", new Quantity("4"))
                .containsEntry("memory", new Quantity("8Gi"));
        assertThat(one(all, ServiceAccount.class).getMetadata().getName()).isEqualTo("guidellm-runner");

        Job flagged =
                one(parse(dryRun(vars, "-p", "other", "-j", "1", "--cpu", "2").out()), Job.class);
        assertThat(flagged.getMetadata().getNamespace()).isEqualTo("other");
        assertThat(flagged.getSpec().getCompletions()).isEqualTo(1);
        assertThat(flagged.getSpec()
                        .getTemplate()
                        .getSpec()
                        .getContainers()
                        .get(0)
                        .getResources()
                        .getLimits())
                .containsEntry("cpu", new Quantity("2"));
    }

    @Test
    void llmdsDryRunVariableAlsoPrintsInsteadOfApplying() {
        CliRun r = CliRun.of(
                new K8sEnvironment(
                        Map.of("LLMDBENCH_CONTROL_DRY_RUN", "1"),
                        new LocalProfileFiles(),
                        () -> {
                            throw new AssertionError("a dry run must not open a client");
                        },
                        new VirtualClock(() -> {}),
                        Timings.defaults(),
                        false),
                "run");
        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("kind: \"Job\"");
    }
}
