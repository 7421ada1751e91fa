package io.llmharness.k8s.fake;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.llmharness.k8s.K8sException;
import io.llmharness.k8s.collect.ServerPodLog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a cluster does that fabric8's CRUD mock does not: the Job controller (pods from the Job's template, with
 * the completion index), the kubelet (phases and container states, one step per call of {@link #step()}), the
 * launcher itself (writing results files on the PVC and a log, as {@code harness bench} would) and the Job's
 * status. Each launcher index follows a {@link Script}.
 */
public final class FakeKubelet {

    /** How a launcher pod behaves. */
    public enum Script {
        /** Runs, writes its results, exits 0. */
        SUCCEED,
        /** Runs, writes part of its results, exits 1 with an error in its log. */
        FAIL,
        /** Runs, writes its results, exits 4 (result INVALID). */
        INVALID,
        /** Its image never arrives: ImagePullBackOff. */
        IMAGE_PULL_BACKOFF,
        /** Its container keeps crashing: CrashLoopBackOff. */
        CRASH_LOOP,
        /** Runs forever (writes part of its results). */
        HANG
    }

    private final KubernetesClient client;
    private final String namespace;
    private final MockCluster cluster;
    private final Map<Integer, Script> scripts = new HashMap<>();
    private final Map<String, Integer> steps = new HashMap<>();
    private final Set<String> jobsSeen = new HashSet<>();
    private int podCounter;
    private Script collector = Script.SUCCEED;

    public FakeKubelet(MockCluster cluster, String namespace) {
        this.cluster = cluster;
        this.client = cluster.client();
        this.namespace = namespace;
    }

    /** The script of launcher {@code index} (default: {@link Script#SUCCEED}). */
    public FakeKubelet script(int index, Script script) {
        scripts.put(index, script);
        return this;
    }

    /** How the collector pod behaves: it runs ({@link Script#SUCCEED}) or its image never arrives. */
    public FakeKubelet collector(Script script) {
        this.collector = script;
        return this;
    }

    /** One tick of the cluster: create pods for new Jobs, move every pod one step, update Job statuses. */
    public void step() {
        for (Job job : client.batch().v1().jobs().inNamespace(namespace).list().getItems()) {
            boolean ours = job.getSpec().getTemplate().getMetadata() != null;
            if (ours
                    && jobsSeen.add(job.getMetadata().getName() + "/"
                            + job.getMetadata().getUid())) {
                createPods(job);
            }
        }
        for (Pod pod : client.pods().inNamespace(namespace).list().getItems()) {
            int step = steps.merge(pod.getMetadata().getName(), 1, Integer::sum);
            advance(pod, step);
        }
        for (Job job : client.batch().v1().jobs().inNamespace(namespace).list().getItems()) {
            if (job.getSpec().getTemplate().getMetadata() != null) {
                updateJob(job);
            }
        }
    }

    private void createPods(Job job) {
        boolean indexed = "Indexed".equals(job.getSpec().getCompletionMode());
        for (int i = 0; i < job.getSpec().getCompletions(); i++) {
            String name = job.getMetadata().getName() + (indexed ? "-" + i : "") + "-x" + (podCounter++);
            Map<String, String> labels = new LinkedHashMap<>(
                    job.getSpec().getTemplate().getMetadata().getLabels());
            labels.put("batch.kubernetes.io/job-name", job.getMetadata().getName());
            labels.put("job-name", job.getMetadata().getName());
            Map<String, String> annotations = new LinkedHashMap<>();
            if (indexed) {
                annotations.put("batch.kubernetes.io/job-completion-index", Integer.toString(i));
                labels.put("batch.kubernetes.io/job-completion-index", Integer.toString(i));
            }
            Pod pod = new PodBuilder()
                    .withNewMetadata()
                    .withName(name)
                    .withNamespace(namespace)
                    .withLabels(labels)
                    .withAnnotations(annotations)
                    .endMetadata()
                    .withSpec(job.getSpec().getTemplate().getSpec())
                    .build();
            client.pods().inNamespace(namespace).resource(pod).create();
        }
    }

    private void advance(Pod pod, int step) {
        Map<String, String> labels = pod.getMetadata().getLabels() == null
                ? Map.of()
                : pod.getMetadata().getLabels();
        if ("data_access".equals(labels.get("function"))) {
            setStatus(
                    pod,
                    collector == Script.IMAGE_PULL_BACKOFF
                            ? waiting("Pending", "ImagePullBackOff", "Back-off pulling image \"" + image(pod) + "\"")
                            : running());
            return;
        }
        if (!"load_generator".equals(labels.get("function"))) {
            return;
        }
        int index = index(pod);
        Script script = scripts.getOrDefault(index, Script.SUCCEED);
        if (step == 1) {
            setStatus(pod, waiting("Pending", "ContainerCreating", ""));
            return;
        }
        if (step == 2) {
            if (script == Script.IMAGE_PULL_BACKOFF) {
                setStatus(pod, waiting("Pending", "ImagePullBackOff", "Back-off pulling image \"" + image(pod) + "\""));
                return;
            }
            writeResults(pod, index, false);
            cluster.logs().put(pod.getMetadata().getName(), log(index, 40, "running"));
            setStatus(pod, running());
            return;
        }
        if (step == 3) {
            switch (script) {
                case SUCCEED -> {
                    String failure = writeResults(pod, index, true);
                    if (failure != null) {
                        cluster.logs().put(pod.getMetadata().getName(), log(index, 5, "harness: " + failure));
                        setStatus(pod, terminated("Failed", 1, "Error"));
                    } else {
                        cluster.logs().put(pod.getMetadata().getName(), log(index, 40, "done"));
                        setStatus(pod, terminated("Succeeded", 0, "Completed"));
                    }
                }
                case INVALID -> {
                    writeResults(pod, index, true);
                    cluster.logs().put(pod.getMetadata().getName(), log(index, 40, "Result is : INVALID"));
                    setStatus(pod, terminated("Failed", 4, "Error"));
                }
                case FAIL -> {
                    cluster.logs()
                            .put(
                                    pod.getMetadata().getName(),
                                    log(
                                            index,
                                            40,
                                            "harness: the server at" + " http://llm-d-gateway:80 stopped answering"));
                    setStatus(pod, terminated("Failed", 1, "Error"));
                }
                case CRASH_LOOP ->
                    setStatus(
                            pod,
                            new PodStatusBuilder()
                                    .withPhase("Running")
                                    .withContainerStatuses(new ContainerStatusBuilder()
                                            .withName("harness")
                                            .withRestartCount(3)
                                            .withNewState()
                                            .withNewWaiting()
                                            .withReason("CrashLoopBackOff")
                                            .withMessage("back-off 40s restarting failed container")
                                            .endWaiting()
                                            .endState()
                                            .build())
                                    .build());
                default -> {}
            }
        }
    }

    private void updateJob(Job job) {
        List<Pod> pods = client.pods()
                .inNamespace(namespace)
                .withLabel("batch.kubernetes.io/job-name", job.getMetadata().getName())
                .list()
                .getItems();
        int succeeded = 0;
        int failed = 0;
        int active = 0;
        for (Pod p : pods) {
            String phase = p.getStatus() == null ? "Pending" : p.getStatus().getPhase();
            if ("Succeeded".equals(phase)) {
                succeeded++;
            } else if ("Failed".equals(phase)) {
                failed++;
            } else {
                active++;
            }
        }
        JobStatusBuilder status = new JobStatusBuilder()
                .withActive(active)
                .withSucceeded(succeeded)
                .withFailed(failed);
        if (failed > 0) {
            status.addNewCondition()
                    .withType("Failed")
                    .withStatus("True")
                    .withReason("BackoffLimitExceeded")
                    .withMessage("Job has reached the specified backoff limit")
                    .endCondition();
        } else if (succeeded == job.getSpec().getCompletions()) {
            status.addNewCondition().withType("Complete").withStatus("True").endCondition();
        }
        job.setStatus(status.build());
        client.batch().v1().jobs().inNamespace(namespace).resource(job).updateStatus();
    }

    /**
     * Writes what {@code harness bench --output-dir D} would: a run directory with a summary (and a long name). A
     * nop launcher ({@code --server-pod}) reads the server pod's log through the API server as {@code harness bench
     * -l nop} does, with the same code, and saves it in its run directory (the report itself is the application's,
     * tested there).
     *
     * @return null, or the one line a failed nop launcher prints
     */
    private String writeResults(Pod pod, int index, boolean complete) {
        Map<String, String> env = new HashMap<>();
        env.put("JOB_COMPLETION_INDEX", Integer.toString(Math.max(index, 0)));
        for (EnvVar e : pod.getSpec().getContainers().get(0).getEnv()) {
            if (e.getValue() != null) {
                env.put(e.getName(), expand(e.getValue(), env));
            } else if (e.getValueFrom() != null && e.getValueFrom().getConfigMapKeyRef() != null) {
                var ref = e.getValueFrom().getConfigMapKeyRef();
                var cm = client.configMaps()
                        .inNamespace(namespace)
                        .withName(ref.getName())
                        .get();
                env.put(e.getName(), cm.getData().get(ref.getKey()));
            }
        }
        List<String> args = new ArrayList<>();
        for (String a : pod.getSpec().getContainers().get(0).getArgs()) {
            args.add(expand(a, env));
        }
        int at = args.indexOf("--output-dir");
        String dir = args.get(at + 1);
        int serverPod = args.indexOf("--server-pod");
        if (serverPod >= 0) {
            return complete
                    ? nop(args.get(serverPod + 1), env, cluster.pvc().resolve(dir.substring("/requests/".length())))
                    : null;
        }
        Path out = cluster.pvc()
                .resolve(dir.substring("/requests/".length()))
                .resolve("20261126-100000-bench-inference-perf-sanity_random");
        try {
            Files.createDirectories(out);
            Files.writeString(out.resolve("progress.txt"), "shard " + index + " started\n");
            if (complete) {
                Files.writeString(
                        out.resolve("summary.json"),
                        "{\"shard\": " + index + ", \"args\": \"" + String.join(" ", args) + "\"}\n",
                        StandardCharsets.UTF_8);
                Path deep = out.resolve("per_stage")
                        .resolve("stage_0_lifecycle_metrics_with_a_name_long_enough"
                                + "_to_need_gnu_or_pax_long_names_in_tar_" + index + ".json");
                Files.createDirectories(deep.getParent());
                Files.writeString(deep, "{\"stage\": 0}\n");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return null;
    }

    private String nop(String serverPod, Map<String, String> env, Path outputDir) {
        try {
            ServerPodLog.Found found = ServerPodLog.target(
                            serverPod, env.get(ServerPodLog.ENDPOINT_VAR), ServerPodLog.ENDPOINT_VAR, env)
                    .read(client);
            Path run = Files.createDirectories(outputDir.resolve("20261126-100000-bench-nop-nop"));
            Files.writeString(run.resolve(found.pod() + ".log"), found.text(), StandardCharsets.UTF_8);
            return null;
        } catch (K8sException e) {
            return "nop: " + e.getMessage();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The kubelet's {@code $(VAR)} expansion. */
    static String expand(String s, Map<String, String> env) {
        String r = s;
        for (Map.Entry<String, String> e : env.entrySet()) {
            r = r.replace("$(" + e.getKey() + ")", e.getValue());
        }
        return r;
    }

    private static String log(int index, int lines, String last) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i < lines; i++) {
            sb.append("shard ").append(index).append(" line ").append(i).append('\n');
        }
        return sb.append(last).append('\n').toString();
    }

    private void setStatus(Pod pod, PodStatus status) {
        pod.setStatus(status);
        client.pods().inNamespace(namespace).resource(pod).updateStatus();
    }

    private static int index(Pod pod) {
        Map<String, String> a = pod.getMetadata().getAnnotations();
        String v = a == null ? null : a.get("batch.kubernetes.io/job-completion-index");
        return v == null ? 0 : Integer.parseInt(v);
    }

    private static String image(Pod pod) {
        return pod.getSpec().getContainers().get(0).getImage();
    }

    private static PodStatus running() {
        return new PodStatusBuilder()
                .withPhase("Running")
                .withContainerStatuses(container()
                        .withNewState()
                        .withNewRunning()
                        .endRunning()
                        .endState()
                        .build())
                .build();
    }

    private static PodStatus waiting(String phase, String reason, String message) {
        return new PodStatusBuilder()
                .withPhase(phase)
                .addNewCondition()
                .withType("PodScheduled")
                .withStatus("True")
                .endCondition()
                .withContainerStatuses(container()
                        .withNewState()
                        .withNewWaiting()
                        .withReason(reason)
                        .withMessage(message)
                        .endWaiting()
                        .endState()
                        .build())
                .build();
    }

    private static PodStatus terminated(String phase, int exitCode, String reason) {
        ContainerStatus c = container()
                .withNewState()
                .withNewTerminated()
                .withExitCode(exitCode)
                .withReason(reason)
                .endTerminated()
                .endState()
                .build();
        return new PodStatusBuilder().withPhase(phase).withContainerStatuses(c).build();
    }

    private static ContainerStatusBuilder container() {
        return new ContainerStatusBuilder().withName("harness").withRestartCount(0);
    }
}
