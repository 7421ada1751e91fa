package io.llmharness.k8s.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.llmharness.k8s.LocalProfileFiles;
import io.llmharness.k8s.fake.FakeKubelet;
import io.llmharness.k8s.fake.FakeKubelet.Script;
import io.llmharness.k8s.fake.MockCluster;
import io.llmharness.k8s.fake.VirtualClock;
import io.llmharness.k8s.launch.Timings;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole launcher flow of {@code harness k8s run} against fabric8's mock API server in CRUD mode: a fake Job
 * controller and kubelet move pods through their phases one step per poll (on a virtual clock, so nothing
 * sleeps), the fake launchers write result files into a directory that stands for the PVC, and the copy back goes
 * through the real exec protocol and the real {@code tar}.
 */
class K8sRunComponentTest {

    private static final String NS = "bench";
    private static final String ID = "1732608000";
    private static final String PREFIX = "inference-perf_" + ID + "_sanity_random";
    private static final String JOB = "llmdbench-inference-perf-launcher";

    @TempDir
    Path tmp;

    private MockCluster cluster;
    private FakeKubelet kubelet;
    private VirtualClock clock;
    private KubernetesClient k8s;
    private Path out;
    private Runnable onPause = () -> {};

    @BeforeEach
    void setUp() throws IOException {
        cluster = new MockCluster(Files.createDirectories(tmp.resolve("pvc")));
        kubelet = new FakeKubelet(cluster, NS);
        clock = new VirtualClock(() -> {
            kubelet.step();
            onPause.run();
        });
        k8s = cluster.client();
        out = tmp.resolve("out");
    }

    @AfterEach
    void tearDown() {
        k8s.close();
        cluster.close();
    }

    private K8sEnvironment env(Supplier<KubernetesClient> clients) {
        return new K8sEnvironment(
                Map.of(),
                new LocalProfileFiles(),
                clients,
                clock,
                new Timings(Duration.ofSeconds(2), Duration.ofMinutes(5), Duration.ofSeconds(90), 20),
                false);
    }

    private CliRun run(String... more) {
        return run(env(cluster::client), more);
    }

    private CliRun run(K8sEnvironment e, String... more) {
        List<String> base = List.of(
                "run", "-p", NS, "--output-dir", out.toString(), "--experiment-id", ID, "--image", "llm-harness:test");
        return CliRun.of(e, CliRun.args(base, more));
    }

    private Path results(int i) {
        return out.resolve(PREFIX + "_" + i).resolve("20261126-100000-bench-inference-perf-sanity_random");
    }

    private void assertOnlyThePvcIsLeft() {
        assertThat(k8s.batch().v1().jobs().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.pods().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.configMaps().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.rbac().roles().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.rbac().roleBindings().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.serviceAccounts().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.persistentVolumeClaims()
                        .inNamespace(NS)
                        .withName("workload-pvc")
                        .get())
                .as("the results PVC is kept")
                .isNotNull();
    }

    @Test
    void oneLauncherRunsIsCollectedAndEverythingButThePvcIsDeleted() throws IOException {
        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out())
                .contains("created PVC workload-pvc (20Gi, ReadWriteMany)")
                .contains("created ServiceAccount inference-perf-runner")
                .contains("started Job " + JOB + ": 1 launcher pod, image llm-harness:test")
                .contains("launchers: 1 of 1 pods: 1 pending (ContainerCreating)")
                .contains("launchers: 1 of 1 pods: 1 running")
                .contains("all 1 launchers finished")
                .contains("copied 1 result directory (3 files");
        String summary = Files.readString(results(0).resolve("summary.json"));
        assertThat(summary)
                .contains("bench -l inference-perf -w sanity_random --output-dir /requests/" + PREFIX + "_0");
        assertThat(summary).doesNotContain("--shard");
        assertThat(results(0).resolve("per_stage"))
                .isDirectoryContaining(p -> p.getFileName().toString().endsWith("_in_tar_0.json"));
        try (Stream<Path> logs = Files.list(out.resolve(PREFIX + "_0"))) {
            Path log =
                    logs.filter(p -> p.toString().endsWith(".log")).findFirst().orElseThrow();
            assertThat(Files.readString(log)).startsWith("shard 0 line 1").contains("done");
        }
        assertThat(cluster.execs())
                .containsExactly(
                        List.of("ls", "-1", "-A", "/requests"),
                        List.of("tar", "-cf", "-", "-C", "/requests", PREFIX + "_0"));
        assertOnlyThePvcIsLeft();
    }

    @Test
    void threeShardsAreOneIndexedJobThatStartsTogether() throws IOException {
        CliRun r = run("-j", "3", "--keep");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        Job job = k8s.batch().v1().jobs().inNamespace(NS).withName(JOB).get();
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getCompletions()).isEqualTo(3);
        assertThat(job.getSpec().getParallelism()).isEqualTo(3);
        ConfigMap cm = k8s.configMaps()
                .inNamespace(NS)
                .withName("inference-perf-profiles")
                .get();
        Instant created = Instant.parse(cm.getMetadata().getCreationTimestamp());
        String startAt = cm.getData().get("start-at");
        assertThat(Instant.parse(startAt)).isEqualTo(created.plusSeconds(60));
        for (int i = 0; i < 3; i++) {
            String summary = Files.readString(results(i).resolve("summary.json"));
            assertThat(summary)
                    .contains("--output-dir /requests/" + PREFIX + "_" + i)
                    .contains("--shard " + i + "/3 --start-at " + startAt);
        }
        assertThat(r.out())
                .contains("the 3 shards start together at " + startAt)
                .contains("copied 3 result directories")
                .contains("merge them with: harness merge " + out.resolve(PREFIX + "_0"))
                .contains("kept (--keep): pod llmdbench-harness-collector-" + ID);
        assertThat(k8s.pods()
                        .inNamespace(NS)
                        .withName("llmdbench-harness-collector-" + ID)
                        .get())
                .isNotNull();
    }

    @Test
    void aShardedRunsCollectedResultsAreMergedIntoOneReport() {
        List<Path> merged = new java.util.ArrayList<>();
        CliRun r = run(
                env(cluster::client).withMerger((dirs, into, o, e) -> {
                    merged.addAll(dirs);
                    o.println("harness: merged " + dirs.size() + " of 3 shards");
                    return into.resolve("20261126-100500-bench-inference-perf-sanity_random-merged");
                }),
                "-j",
                "3");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(merged)
                .as("after every launcher's results are copied")
                .containsExactly(out.resolve(PREFIX + "_0"), out.resolve(PREFIX + "_1"), out.resolve(PREFIX + "_2"));
        assertThat(r.out())
                .contains("copied 3 result directories")
                .contains("harness: merged 3 of 3 shards")
                .contains("the merged report of the 3 shards: "
                        + out.resolve("20261126-100500-bench-inference-perf-sanity_random-merged"))
                .doesNotContain("reports are separate");
        assertOnlyThePvcIsLeft();
    }

    @Test
    void aMergeThatFailsSaysWhereTheResultsAreAndHowToMergeThemLater() {
        CliRun r = run(
                env(cluster::client).withMerger((dirs, into, o, e) -> {
                    throw new IllegalStateException("shard 2/3 is missing");
                }),
                "-j",
                "3");

        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err())
                .contains("merging them failed: shard 2/3 is missing")
                .contains("then run: harness merge " + out.resolve(PREFIX + "_0"));
        assertThat(results(2).resolve("summary.json")).exists();
        assertOnlyThePvcIsLeft();
    }

    @Test
    void anImagePullBackOffFailsFastAndCleansUp() {
        kubelet.script(0, Script.IMAGE_PULL_BACKOFF);

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("harness: pod " + JOB + "-x0: ImagePullBackOff (Back-off pulling image \"llm-harness:test\")")
                .doesNotContain("log lines");
        assertThat(clock.now()).as("no waiting for the 3600 s timeout").isBefore(Instant.parse("2026-11-26T10:01:00Z"));
        assertThat(r.out()).contains("stopped the launchers (deleted Job " + JOB + ")");
        assertOnlyThePvcIsLeft();
    }

    @Test
    void aCrashLoopFailsFast() {
        kubelet.script(0, Script.CRASH_LOOP);

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err()).contains("CrashLoopBackOff (back-off 40s restarting failed container)");
        assertOnlyThePvcIsLeft();
    }

    @Test
    void aFailedLauncherShowsItsLastLogLinesAndWhatItWroteIsCopied() throws IOException {
        kubelet.script(1, Script.FAIL);

        CliRun r = run("-j", "2");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("last 20 log lines of pod " + JOB + "-1-")
                .contains("  | shard 1 line 21\n")
                .doesNotContain("shard 1 line 20\n")
                .contains("  | harness: the server at http://llm-d-gateway:80 stopped answering")
                .contains(", exit code 1");
        assertThat(r.err().lines().reduce((a, b) -> b).orElseThrow())
                .startsWith("harness: pod " + JOB + "-1-")
                .contains("Error, exit code 1")
                .endsWith("what the launchers wrote was copied to " + out);
        assertThat(results(0).resolve("summary.json")).exists();
        assertThat(results(1).resolve("progress.txt")).exists();
        assertThat(results(1).resolve("summary.json")).doesNotExist();
        assertOnlyThePvcIsLeft();
    }

    @Test
    void aTimeoutStopsTheLaunchersAndCopiesWhatTheyWrote() {
        kubelet.script(0, Script.HANG);

        CliRun r = run("-s", "30");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("the launchers did not finish within 30 s (-s/--wait); last seen: 1 of 1 pods: 1 running");
        assertThat(results(0).resolve("progress.txt")).exists();
        assertOnlyThePvcIsLeft();
    }

    @Test
    void anInvalidResultExitsWithFourAndKeepsTheFiles() {
        kubelet.script(0, Script.INVALID);

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(4);
        assertThat(r.err()).contains("the benchmark's result is INVALID");
        assertThat(results(0).resolve("summary.json")).exists();
        assertOnlyThePvcIsLeft();
    }

    @Test
    void whenTheCopyFailsTheMessageSaysTheResultsStayOnThePvc() {
        kubelet.collector(Script.IMAGE_PULL_BACKOFF);

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("harness: the launchers finished, but copying their results failed: pod"
                        + " llmdbench-harness-collector-" + ID + ": ImagePullBackOff")
                .contains("the results stay on PVC workload-pvc: copy them later with harness k8s run --skip-run");
        assertOnlyThePvcIsLeft();
    }

    @Test
    void skipRunCopiesOneExperimentWithoutStartingAnything() throws IOException {
        Files.createDirectories(cluster.pvc().resolve("inference-perf_111_sanity_random_0"));
        Files.writeString(cluster.pvc().resolve("inference-perf_111_sanity_random_0/a.json"), "{}");
        Files.createDirectories(cluster.pvc().resolve("inference-perf_222_sanity_random_0"));
        Files.writeString(cluster.pvc().resolve("inference-perf_222_sanity_random_0/b.json"), "{}");
        k8s.persistentVolumeClaims()
                .inNamespace(NS)
                .resource(io.llmharness.k8s.manifest.RunObjects.pvc(sampleSpec()))
                .create();

        CliRun r = CliRun.of(
                env(cluster::client),
                "run",
                "-p",
                NS,
                "--output-dir",
                out.toString(),
                "--skip-run",
                "--experiment-id",
                "111");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(out.resolve("inference-perf_111_sanity_random_0/a.json")).exists();
        assertThat(out.resolve("inference-perf_222_sanity_random_0")).doesNotExist();
        assertThat(cluster.requests()).noneMatch(q -> q.startsWith("POST") && q.contains("/jobs"));
        assertThat(cluster.requests()).noneMatch(q -> q.startsWith("POST") && q.contains("/configmaps"));
        assertThat(k8s.pods().inNamespace(NS).list().getItems())
                .as("the collector pod is deleted")
                .isEmpty();

        CliRun all = CliRun.of(env(cluster::client), "run", "-p", NS, "--output-dir", out.toString(), "-z");
        assertThat(all.exitCode()).as(all.toString()).isZero();
        assertThat(out.resolve("inference-perf_222_sanity_random_0/b.json")).exists();
        assertThat(all.out()).contains("collecting every result on the PVC");
    }

    /** A launcher directory on the PVC holding a run directory whose shard.json says shard {@code i} of {@code n}. */
    private void shardOnPvc(String launcherDir, int i, int n) throws IOException {
        Path run = Files.createDirectories(
                cluster.pvc().resolve(launcherDir).resolve("20261126-100000-bench-inference-perf-sanity_random"));
        Files.writeString(
                run.resolve("shard.json"),
                "{\"shard\": \"" + i + "/" + n + "\", \"index\": " + i + ", \"count\": " + n + "}\n");
        Files.writeString(run.resolve("summary.json"), "{}\n");
    }

    private void createPvc() {
        k8s.persistentVolumeClaims()
                .inNamespace(NS)
                .resource(io.llmharness.k8s.manifest.RunObjects.pvc(sampleSpec()))
                .create();
    }

    @Test
    void skipRunMergesTheShardsOfEachShardedExperimentItCopies() throws IOException {
        for (int i = 0; i < 3; i++) {
            shardOnPvc("inference-perf_333_sanity_random_" + i, i, 3);
        }
        shardOnPvc("inference-perf_111_sanity_random_0", 0, 1);
        Files.createDirectories(cluster.pvc().resolve("inference-perf_222_sanity_random_0/run"));
        createPvc();
        List<List<Path>> merges = new java.util.ArrayList<>();
        K8sEnvironment e = env(cluster::client).withMerger((dirs, into, o, err) -> {
            merges.add(List.copyOf(dirs));
            assertThat(into).isEqualTo(out);
            assertThat(dirs)
                    .allMatch(d -> Files.isRegularFile(
                            d.resolve("20261126-100000-bench-inference-perf-sanity_random/shard.json")));
            return into.resolve("20261126-100500-bench-inference-perf-sanity_random-merged");
        });

        CliRun all = CliRun.of(e, "run", "-p", NS, "--output-dir", out.toString(), "--skip-run");

        assertThat(all.exitCode()).as(all.toString()).isZero();
        assertThat(merges)
                .as("only the experiment whose shard.json says 3 shards; a whole run (1 of 1) and a directory"
                        + " without shard.json are left as they are")
                .containsExactly(List.of(
                        out.resolve("inference-perf_333_sanity_random_0"),
                        out.resolve("inference-perf_333_sanity_random_1"),
                        out.resolve("inference-perf_333_sanity_random_2")));
        assertThat(all.out())
                .contains("inference-perf_333_sanity_random: 3 of 3 shards of one run were copied")
                .contains("the merged report of the 3 shards: "
                        + out.resolve("20261126-100500-bench-inference-perf-sanity_random-merged"));

        CliRun one = CliRun.of(e, "run", "-p", NS, "--output-dir", out.toString(), "-z", "--experiment-id", "333");
        assertThat(one.exitCode()).as(one.toString()).isZero();
        assertThat(merges).hasSize(2);
        assertThat(k8s.pods().inNamespace(NS).list().getItems())
                .as("the collector pod is deleted")
                .isEmpty();
    }

    @Test
    void skipRunWhoseMergeFailsKeepsTheCopyAndGivesTheMergeLine() throws IOException {
        shardOnPvc("inference-perf_333_sanity_random_0", 0, 3);
        shardOnPvc("inference-perf_333_sanity_random_2", 2, 3);
        createPvc();
        K8sEnvironment e = env(cluster::client).withMerger((dirs, into, o, err) -> {
            throw new IllegalStateException("shard 1/3 is missing (give --allow-missing to merge the others)");
        });

        CliRun r =
                CliRun.of(e, "run", "-p", NS, "--output-dir", out.toString(), "--skip-run", "--experiment-id", "333");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.out()).contains("inference-perf_333_sanity_random: 2 of 3 shards of one run were copied");
        assertThat(r.err().lines().filter(l -> l.startsWith("harness: ")))
                .containsExactly("harness: the results were copied to " + out
                        + ", but merging the shards of inference-perf_333_sanity_random: shard 1/3 is missing (give"
                        + " --allow-missing to merge the others); fix that, then run: harness merge "
                        + out.resolve("inference-perf_333_sanity_random_0") + " "
                        + out.resolve("inference-perf_333_sanity_random_2") + " --output-dir " + out);
        assertThat(out.resolve("inference-perf_333_sanity_random_2/20261126-100000-bench-inference-perf-sanity_random"
                        + "/summary.json"))
                .exists();
    }

    private static final String ENDPOINT = "http://vllm-standalone.bench.svc.cluster.local:80";

    private K8sEnvironment envWith(Map<String, String> vars) {
        K8sEnvironment e = env(cluster::client);
        return new K8sEnvironment(vars, e.profiles(), e.clients(), e.clock(), e.timings(), false);
    }

    /** A vLLM standalone server as llm-d deploys it: a Deployment and its pod (not the run's: never deleted). */
    private void standaloneServer(String log) {
        k8s.apps()
                .deployments()
                .inNamespace(NS)
                .resource(new io.fabric8.kubernetes.api.model.apps.DeploymentBuilder()
                        .withNewMetadata()
                        .withName("vllm-standalone")
                        .addToLabels("stood-up-via", "standalone")
                        .endMetadata()
                        .withNewSpec()
                        .withNewSelector()
                        .addToMatchLabels("app", "vllm-standalone-llama")
                        .endSelector()
                        .endSpec()
                        .build())
                .create();
        k8s.pods()
                .inNamespace(NS)
                .resource(new io.fabric8.kubernetes.api.model.PodBuilder()
                        .withNewMetadata()
                        .withName("vllm-standalone-llama-5c7d-q2x9z")
                        .addToLabels("app", "vllm-standalone-llama")
                        .endMetadata()
                        .withNewSpec()
                        .addNewContainer()
                        .withName("vllm")
                        .withImage("vllm/vllm-openai:v0.10.1.1")
                        .endContainer()
                        .endSpec()
                        .withNewStatus()
                        .withPhase("Running")
                        .endStatus()
                        .build())
                .create();
        cluster.logs().put("vllm-standalone-llama-5c7d-q2x9z", log);
    }

    /** The vLLM log the nop harness's own tests (in the application) check the categories of. */
    private static String vllmLogFixture() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.isRegularFile(dir.resolve("harness-app/src/test/resources/nop/vllm-v1-debug.txt"))) {
            dir = dir.getParent();
        }
        return Files.readString(dir.resolve("harness-app/src/test/resources/nop/vllm-v1-debug.txt"));
    }

    @Test
    void theNopLauncherReadsTheStandaloneServersLogThroughTheApiAndItIsCollected() throws IOException {
        String log = vllmLogFixture();
        standaloneServer(log);

        CliRun r = run(envWith(Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", ENDPOINT)), "-l", "nop");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        Path launcher = out.resolve("nop_" + ID + "_nop_0");
        assertThat(Files.readString(
                        launcher.resolve("20261126-100000-bench-nop-nop/vllm-standalone-llama-5c7d-q2x9z.log")))
                .as("the server pod's whole log, read by the launcher through the API server and collected")
                .isEqualTo(log);
        assertThat(cluster.requests())
                .contains("GET /apis/apps/v1/namespaces/bench/deployments/vllm-standalone")
                .anyMatch(q ->
                        q.startsWith("GET /api/v1/namespaces/bench/pods?labelSelector=app%3Dvllm-standalone-llama"))
                .anyMatch(q -> q.startsWith("GET /api/v1/namespaces/bench/pods/vllm-standalone-llama-5c7d-q2x9z/log")
                        && q.contains("container=vllm"));
        assertThat(k8s.batch().v1().jobs().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.rbac().roles().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.pods().inNamespace(NS).list().getItems())
                .as("the server's pod is not the run's: it stays")
                .extracting(p -> p.getMetadata().getName())
                .containsExactly("vllm-standalone-llama-5c7d-q2x9z");
        assertThat(k8s.apps()
                        .deployments()
                        .inNamespace(NS)
                        .withName("vllm-standalone")
                        .get())
                .isNotNull();
    }

    @Test
    void aNopLauncherThatFindsNoServerPodFailsWithItsOneLine() {
        k8s.apps()
                .deployments()
                .inNamespace(NS)
                .resource(new io.fabric8.kubernetes.api.model.apps.DeploymentBuilder()
                        .withNewMetadata()
                        .withName("vllm-standalone")
                        .endMetadata()
                        .withNewSpec()
                        .withNewSelector()
                        .addToMatchLabels("app", "vllm-standalone-llama")
                        .endSelector()
                        .endSpec()
                        .build())
                .create();

        CliRun r = run(envWith(Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", ENDPOINT)), "-l", "nop");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("  | harness: nop: no pod labelled app=vllm-standalone-llama (the selector of Deployment"
                        + " vllm-standalone) in namespace bench: is the vLLM server running? (kubectl get pods -l"
                        + " app=vllm-standalone-llama -n bench)");
        assertThat(r.err().lines().filter(l -> l.startsWith("harness: "))).hasSize(1);
        assertThat(k8s.batch().v1().jobs().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.configMaps().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.rbac().roles().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.pods().inNamespace(NS).list().getItems()).isEmpty();
    }

    @Test
    void aNopLauncherWhoseServerLogIsEmptyFailsWithItsOneLine() {
        standaloneServer("");

        CliRun r = run(envWith(Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", ENDPOINT)), "-l", "nop");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("  | harness: nop: the log of pod vllm-standalone-llama-5c7d-q2x9z (container vllm) in"
                        + " namespace bench is empty");
    }

    @Test
    void skipRunWithoutThePvcSaysSo() {
        CliRun r = run("--skip-run");

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("harness: --skip-run: PVC workload-pvc does not exist in namespace bench, so there is"
                        + " nothing to collect");
    }

    @Test
    void debugLeavesSleepingLaunchersAndPrintsTheCommandsToRun() {
        CliRun r = run("-d", "-j", "2");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        Job job = k8s.batch()
                .v1()
                .jobs()
                .inNamespace(NS)
                .withName("llmdbench-harness-launcher")
                .get();
        assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand())
                .containsExactly("sleep", "infinity");
        ConfigMap cm = k8s.configMaps()
                .inNamespace(NS)
                .withName("inference-perf-profiles")
                .get();
        assertThat(r.out())
                .contains("kubectl get pods -n bench -l llm-harness/experiment-id=" + ID)
                .contains("in pod 1 run: harness bench -l inference-perf -w sanity_random --output-dir /requests/"
                        + PREFIX + "_1 --shard 1/2 --start-at " + cm.getData().get("start-at"))
                .contains("when done: kubectl delete job,configmap,role,rolebinding,serviceaccount -l"
                        + " llm-harness/experiment-id=" + ID + " -n bench");
        assertThat(clock.pauses()).as("debug does not wait").isZero();
        assertThat(k8s.rbac().roles().inNamespace(NS).list().getItems()).hasSize(1);
    }

    @Test
    void waitZeroStartsTheLaunchersAndReturns() {
        CliRun r = run("-s", "0");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("-s 0: the launchers run on").contains("--skip-run -p bench");
        assertThat(k8s.batch().v1().jobs().inNamespace(NS).withName(JOB).get()).isNotNull();
        assertThat(cluster.execs()).isEmpty();
    }

    @Test
    void aLauncherJobStillRunningStopsTheRunBeforeAnythingIsCreated() {
        k8s.batch().v1().jobs().inNamespace(NS).resource(oldJob(null)).create();

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .contains("harness: a launcher Job " + JOB + " (experiment 99) is still running in namespace bench;"
                        + " wait for it, or stop it with: kubectl delete job " + JOB + " -n bench");
        assertThat(k8s.persistentVolumeClaims().inNamespace(NS).list().getItems())
                .isEmpty();
    }

    @Test
    void aFinishedLauncherJobOfTheSameNameIsReplaced() {
        k8s.batch().v1().jobs().inNamespace(NS).resource(oldJob("Complete")).create();

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).contains("deleted the finished launcher Job " + JOB + " of experiment 99");
    }

    @Test
    void anExistingServiceAccountIsUsedAndKept() {
        k8s.serviceAccounts()
                .inNamespace(NS)
                .resource(new ServiceAccountBuilder()
                        .withNewMetadata()
                        .withName("bench-sa")
                        .endMetadata()
                        .build())
                .create();

        CliRun r = run("-q", "bench-sa");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.out()).doesNotContain("created ServiceAccount");
        assertThat(k8s.serviceAccounts().inNamespace(NS).withName("bench-sa").get())
                .isNotNull();
    }

    @Test
    void withoutTheRightToCreateRolesTheRunGoesOnWithAWarning() {
        cluster.server()
                .expect()
                .post()
                .withPath("/apis/rbac.authorization.k8s.io/v1/namespaces/bench/roles")
                .andReturn(
                        403,
                        new StatusBuilder()
                                .withCode(403)
                                .withReason("Forbidden")
                                .withMessage("roles.rbac.authorization.k8s.io is forbidden")
                                .build())
                .always();

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isZero();
        assertThat(r.err()).contains("k8s: warning: no right to create Role/RoleBinding");
    }

    @Test
    void aProfileFileGoesIntoTheConfigMapAndThePodsRenderIt() throws IOException {
        Path profile = tmp.resolve("my_profile.yaml.in");
        Files.writeString(profile, "load:\n  stages:\n  - rate: 1\n    duration: 30\n");

        CliRun r = run("-w", profile.toString(), "-o", "rate=5", "--keep");

        assertThat(r.exitCode()).as(r.toString()).isZero();
        ConfigMap cm = k8s.configMaps()
                .inNamespace(NS)
                .withName("inference-perf-profiles")
                .get();
        assertThat(cm.getData()).containsEntry("my_profile.yaml.in", Files.readString(profile));
        List<String> args = k8s.batch()
                .v1()
                .jobs()
                .inNamespace(NS)
                .withName(JOB)
                .get()
                .getSpec()
                .getTemplate()
                .getSpec()
                .getContainers()
                .get(0)
                .getArgs();
        assertThat(args)
                .containsSequence("-w", "/workspace/profiles/inference-perf/my_profile.yaml.in", "-o", "rate=5")
                .contains("/requests/inference-perf_" + ID + "_my_profile_0");
        assertThat(out.resolve("inference-perf_" + ID + "_my_profile_0")).isDirectory();
    }

    @Test
    void ctrlCStopsTheLaunchersAndDeletesWhatTheRunCreated() {
        kubelet.script(0, Script.HANG);
        onPause = () -> {
            if (clock.pauses() == 3) {
                Thread.currentThread().interrupt();
            }
        };

        CliRun r = run();

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(130);
        assertThat(r.err())
                .contains("harness: interrupted; what the launchers wrote stays on PVC workload-pvc: copy it with"
                        + " harness k8s run --skip-run -p bench -l inference-perf -k workload-pvc --experiment-id "
                        + ID);
        assertThat(Thread.interrupted()).as("the interrupt is passed on").isTrue();
        assertThat(k8s.batch().v1().jobs().inNamespace(NS).list().getItems()).isEmpty();
        assertThat(k8s.pods().inNamespace(NS).list().getItems()).isEmpty();
    }

    @Test
    void anUnreachableApiServerIsOneLine() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/";
        Supplier<KubernetesClient> nowhere = () -> new KubernetesClientBuilder()
                .withConfig(new ConfigBuilder()
                        .withMasterUrl(url)
                        .withRequestRetryBackoffLimit(0)
                        .build())
                .build();

        CliRun r = CliRun.of(env(nowhere), "run", "-p", NS, "--output-dir", out.toString());

        assertThat(r.exitCode()).as(r.toString()).isEqualTo(1);
        assertThat(r.err())
                .startsWith("harness: cannot reach the Kubernetes API server at " + url + " to read Job " + JOB)
                .contains("check KUBECONFIG and `kubectl config current-context`");
        assertThat(r.err().lines().count()).isEqualTo(1);
    }

    private static Job oldJob(String condition) {
        JobBuilder b = new JobBuilder()
                .withNewMetadata()
                .withName(JOB)
                .withLabels(Map.of("llm-harness/experiment-id", "99"))
                .endMetadata()
                .withNewSpec()
                .withCompletions(1)
                .withNewTemplate()
                .withNewSpec()
                .addNewContainer()
                .withName("harness")
                .withImage("old")
                .endContainer()
                .endSpec()
                .endTemplate()
                .endSpec();
        if (condition != null) {
            b.withNewStatus()
                    .addNewCondition()
                    .withType(condition)
                    .withStatus("True")
                    .endCondition()
                    .endStatus();
        }
        return b.build();
    }

    private static io.llmharness.k8s.K8sRunSpec sampleSpec() {
        return io.llmharness.k8s.Specs.sample(NS, 1);
    }
}
