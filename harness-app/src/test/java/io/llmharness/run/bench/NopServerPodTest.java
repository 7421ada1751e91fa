package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodListBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.llmharness.cli.ExitCodes;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness bench -l nop --server-pod}, what a {@code harness k8s run -l nop} launcher pod runs: the vLLM
 * standalone pod is found as llm-d finds it (the Deployment named by the endpoint's host, its selector's
 * {@code app} label, the first running pod with it) through the real fabric8 client, against a small API server on
 * loopback that serves a Deployment, its pods and their logs (fabric8's own mock server needs Vert.x 4, which
 * cannot share this module's class path); the report's categories are those of the same log read from a file.
 */
class NopServerPodTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String URL = "http://vllm-standalone.llmd.svc.cluster.local:80";

    @TempDir
    Path dir;

    private HttpServer api;
    private final Map<String, Object> objects = new ConcurrentHashMap<>();
    private final Map<String, String> logs = new ConcurrentHashMap<>();
    private final List<Pod> pods = new CopyOnWriteArrayList<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private Path kubeconfig;

    @BeforeEach
    void startApi() throws IOException {
        api = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        api.createContext("/", this::serve);
        api.start();
        kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: fake
                  cluster:
                    server: http://127.0.0.1:%d
                contexts:
                - name: fake
                  context: {cluster: fake, user: fake, namespace: bench}
                current-context: fake
                users:
                - name: fake
                  user: {token: not-a-secret}
                """.formatted(api.getAddress().getPort()));
    }

    @AfterEach
    void stopApi() {
        api.stop(0);
    }

    private void serve(HttpExchange ex) throws IOException {
        String path = ex.getRequestURI().getPath();
        String query = ex.getRequestURI().getRawQuery();
        requests.add(ex.getRequestMethod() + " " + path + (query == null ? "" : "?" + query));
        String body;
        int status = 200;
        if (path.equals("/api/v1/namespaces/llmd/pods")) {
            String selector = param(query, "labelSelector");
            body = Serialization.asJson(new PodListBuilder()
                    .withItems(pods.stream()
                            .filter(p -> selector == null
                                    || selector.equals(
                                            "app=" + p.getMetadata().getLabels().get("app")))
                            .toList())
                    .build());
        } else if (path.matches("/api/v1/namespaces/llmd/pods/[^/]+/log")) {
            body = logs.getOrDefault(path.split("/")[6], "");
        } else if (objects.containsKey(path)) {
            body = Serialization.asJson(objects.get(path));
        } else {
            status = 404;
            body = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"status\":\"Failure\",\"reason\":\"NotFound\","
                    + "\"code\":404,\"message\":\"" + path + " not found\"}";
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
        ex.close();
    }

    private static String param(String query, String name) {
        if (query == null) {
            return null;
        }
        for (String kv : query.split("&")) {
            String[] p = kv.split("=", 2);
            if (p[0].equals(name) && p.length == 2) {
                return URLDecoder.decode(p[1], StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private void deployment(String name, String app) {
        objects.put(
                "/apis/apps/v1/namespaces/llmd/deployments/" + name,
                new DeploymentBuilder()
                        .withNewMetadata()
                        .withName(name)
                        .withNamespace("llmd")
                        .endMetadata()
                        .withNewSpec()
                        .withNewSelector()
                        .addToMatchLabels("app", app)
                        .endSelector()
                        .endSpec()
                        .build());
    }

    private void pod(String name, String app, String phase, String log) {
        Pod p = new PodBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace("llmd")
                .addToLabels("app", app)
                .endMetadata()
                .withNewSpec()
                .addNewContainer()
                .withName("vllm")
                .withImage("vllm/vllm-openai:v0.10.1.1")
                .endContainer()
                .addNewContainer()
                .withName("sidecar")
                .withImage("busybox")
                .endContainer()
                .endSpec()
                .withNewStatus()
                .withPhase(phase)
                .endStatus()
                .build();
        pods.add(p);
        objects.put("/api/v1/namespaces/llmd/pods/" + name, p);
        logs.put(name, log);
    }

    private static String fixture() throws IOException {
        try (InputStream in = NopServerPodTest.class.getResourceAsStream("/nop/vllm-v1-debug.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private BenchFixture.Outcome nop(Path out, Map<String, String> extraEnv, String... args) {
        Map<String, String> env = new java.util.HashMap<>(Map.of(
                "KUBECONFIG",
                kubeconfig.toString(),
                "LLMDBENCH_DEPLOY_CURRENT_MODEL",
                "meta-llama/Llama-3.1-8B-Instruct",
                "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL",
                URL));
        env.putAll(extraEnv);
        List<String> all = new java.util.ArrayList<>(List.of("-l", "nop"));
        all.addAll(List.of(args));
        return bench(out, env, new BenchControl(), all.toArray(String[]::new));
    }

    @Test
    void theStandalonePodIsFoundThroughItsDeploymentAndItsLogGivesTheSameReportAsTheFile() throws IOException {
        String log = fixture();
        deployment("vllm-standalone", "vllm-standalone-llama");
        pod("vllm-standalone-llama-7d9f-aaaaa", "vllm-standalone-llama", "Pending", "");
        pod("vllm-standalone-llama-7d9f-bbbbb", "vllm-standalone-llama", "Running", log);
        pod("other-server-0", "other", "Running", "not this one\n");

        BenchFixture.Outcome o = nop(dir.resolve("pod"), Map.of(), "--server-pod", "auto");

        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        Path run = o.run();
        Path saved = run.resolve("vllm-standalone-llama-7d9f-bbbbb.log");
        assertThat(Files.readString(saved))
                .as("the running pod's log, saved in the run directory")
                .isEqualTo(log);
        assertThat(Files.readString(run.resolve("vLLM_Standalone/vllm.log"))).isEqualTo(log);
        assertThat(requests)
                .contains(
                        "GET /apis/apps/v1/namespaces/llmd/deployments/vllm-standalone",
                        "GET /api/v1/namespaces/llmd/pods?labelSelector=app%3Dvllm-standalone-llama")
                .anyMatch(r -> r.startsWith("GET /api/v1/namespaces/llmd/pods/vllm-standalone-llama-7d9f-bbbbb/log")
                        && r.contains("container=vllm"));
        assertThat(o.out())
                .contains("  server log: " + saved + " (the log of the first pod of Deployment vllm-standalone, by"
                        + " its selector's app label, in namespace llmd, through the Kubernetes API)");
        assertThat(o.err())
                .contains("harness: read the log of pod vllm-standalone-llama-7d9f-bbbbb (Deployment vllm-standalone's"
                        + " pod, container vllm, namespace llmd, " + log.lines().count() + " lines)");

        JsonNode fromPod = YAML.readTree(run.resolve("result.yaml").toFile()).at("/metrics/0");
        assertThat(fromPod.at("/categories")).hasSize(12);
        assertThat(fromPod.at("/categories/0/title").asText()).isEqualTo("Detect Platform");
        assertThat(fromPod.at("/categories/3/process/name").asText()).isEqualTo("APIServer");
        assertThat(fromPod.at("/categories/8/title").asText()).isEqualTo("Pytorch Compilation");
        assertThat(fromPod.at("/categories/8/elapsed").asDouble()).isEqualTo(40.0);
        assertThat(fromPod.at("/categories/8/categories/1/title").asText()).isEqualTo("Inductor");
        assertThat(fromPod.at("/categories/8/categories/1/elapsed").asDouble()).isEqualTo(33.0);
        assertThat(fromPod.at("/load/time").asDouble()).isEqualTo(5.123456);

        Path file = Files.writeString(dir.resolve("vllm.log"), log);
        BenchFixture.Outcome local = nop(dir.resolve("file"), Map.of(), "--server-log", file.toString());
        assertThat(local.exit()).as(local.err()).isEqualTo(ExitCodes.OK);
        JsonNode fromFile =
                YAML.readTree(local.run().resolve("result.yaml").toFile()).at("/metrics/0");
        assertThat(fromPod.at("/categories"))
                .as("the same categories as the log fixture read from a file")
                .isEqualTo(fromFile.at("/categories"));
        assertThat(Files.readString(run.resolve("config.resolved.yaml")))
                .contains("server_log_from: --server-pod auto")
                .contains("--server-log " + saved.toAbsolutePath());
    }

    @Test
    void aDryRunSaysWhichPodItWouldReadAndAsksTheClusterNothing() {
        BenchFixture.Outcome o = nop(dir.resolve("out"), Map.of(), "--server-pod", "auto", "--dry-run");

        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out())
                .contains("  server log: the log of the first pod of Deployment vllm-standalone, by its selector's app"
                        + " label, in namespace llmd, through the Kubernetes API")
                .contains("dry run: nothing was read or started");
        assertThat(requests).isEmpty();
    }

    @Test
    void aNamedPodIsReadInTheLaunchersNamespace() throws IOException {
        pod("vllm-0", "vllm", "Running", fixture());

        BenchFixture.Outcome o =
                nop(dir.resolve("out"), Map.of("LLMDBENCH_HARNESS_NAMESPACE", "llmd"), "--server-pod", "vllm-0");

        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.run().resolve("vllm-0.log")).isRegularFile();
        assertThat(requests).noneMatch(r -> r.contains("/deployments/"));
    }

    @Test
    void anEmptyLogIsOneLineAndExitThree() {
        deployment("vllm-standalone", "vllm");
        pod("vllm-1", "vllm", "Running", "");

        BenchFixture.Outcome o = nop(dir.resolve("out"), Map.of(), "--server-pod", "auto");

        assertThat(o.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(o.errorLines())
                .containsExactly("harness: nop: the log of pod vllm-1 (container vllm) in namespace llmd is empty: the"
                        + " nop harness needs the log of a vLLM server that has started (and was not restarted"
                        + " since: the log of a restarted container begins again)");
    }

    @Test
    void aMissingServerIsOneLineAndExitOne() {
        BenchFixture.Outcome noDeployment = nop(dir.resolve("a"), Map.of(), "--server-pod", "auto");
        assertThat(noDeployment.exit()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(noDeployment.errorLines())
                .containsExactly("harness: nop: no Deployment vllm-standalone in namespace llmd (the first label of"
                        + " the server URL's host): is the vLLM standalone server deployed there? Otherwise name its"
                        + " pod: --server-pod NAME");

        deployment("vllm-standalone", "vllm");
        BenchFixture.Outcome noPod = nop(dir.resolve("b"), Map.of(), "--server-pod", "auto");
        assertThat(noPod.exit()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(noPod.errorLines())
                .containsExactly("harness: nop: no pod labelled app=vllm (the selector of Deployment vllm-standalone)"
                        + " in namespace llmd: is the vLLM server running? (kubectl get pods -l app=vllm -n llmd)");
    }

    @Test
    void autoWithoutAnEndpointAndTwoLogSourcesAreOneLineEach() {
        BenchFixture.Outcome noUrl =
                nop(dir.resolve("a"), Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", ""), "--server-pod", "auto");
        assertThat(noUrl.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(noUrl.errorLines()).hasSize(1);
        assertThat(noUrl.errorLines().get(0))
                .startsWith("harness: nop: --server-pod auto finds the vLLM standalone pod from the server's URL");

        BenchFixture.Outcome noKubeconfig = nop(
                dir.resolve("c"), Map.of("KUBECONFIG", dir.resolve("missing").toString()), "--server-pod", "auto");
        assertThat(noKubeconfig.exit()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(noKubeconfig.errorLines()).hasSize(1);
        assertThat(noKubeconfig.errorLines().get(0))
                .startsWith("harness: --server-pod: cannot set up the Kubernetes client (")
                .endsWith("); check KUBECONFIG and `kubectl config current-context`, or run inside the cluster");

        BenchFixture.Outcome both = nop(dir.resolve("b"), Map.of(), "--server-pod", "auto", "--simulate");
        assertThat(both.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(both.errorLines())
                .containsExactly("harness: --server-pod auto and --simulate each say which log to read: give one"
                        + " (--simulate reads the log of the simulator it starts)");
        assertThat(requests).isEmpty();
    }
}
