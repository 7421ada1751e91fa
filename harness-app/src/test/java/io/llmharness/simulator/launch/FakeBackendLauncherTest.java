package io.llmharness.simulator.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.testing.FreePort;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fake {@code vllm} and {@code python} launchers in {@code tools/fake-backends/bin}, run as separate processes
 * in their own process group (setsid): readiness, a request, SIGTERM leaving no process behind, and TP workers
 * surviving a SIGKILL of the server like real ones (then cleaned up by killing the group).
 */
@Tag("slow")
class FakeBackendLauncherTest {
    private static final Path BIN =
            Path.of(System.getProperty("user.dir")).getParent().resolve("tools/fake-backends/bin");
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private final List<Long> groups = new ArrayList<>();
    private final List<Process> started = new ArrayList<>();

    @TempDir
    Path tmp;

    /** Whatever a test left behind (on purpose or by failing) is killed: its group and its process tree. */
    @AfterEach
    void cleanUp() {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (long pgid : groups) {
            ProcessGroup.kill(pgid);
        }
    }

    private record Launched(Process process, long pgid, Path log) {}

    private Launched launch(String tool, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("setsid", BIN.resolve(tool).toString()));
        cmd.addAll(List.of(args));
        Path log = Files.createTempFile(tmp, tool, ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment()
                .put("HARNESS_JAVA", ProcessHandle.current().info().command().orElse("java"));
        pb.environment().put("HARNESS_CLASSPATH", System.getProperty("java.class.path"));
        Process p = pb.start();
        started.add(p);
        groups.add(p.pid());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (p.isAlive() && ProcessGroup.pgidOf(p.pid()) != p.pid() && System.nanoTime() < deadline) {
            sleep(10);
        }
        if (p.isAlive()) {
            assertThat(ProcessGroup.pgidOf(p.pid()))
                    .as("setsid made the launcher a group leader")
                    .isEqualTo(p.pid());
        }
        long pgid = p.pid();
        return new Launched(p, pgid, log);
    }

    private int status(int port, String path) {
        try {
            return http.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                    .timeout(Duration.ofSeconds(2))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private String post(int port, String path, String json) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(json))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private void awaitHealthy(Launched l, int port) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertThat(l.process().isAlive())
                    .as("launcher exited early: %s", read(l.log()))
                    .isTrue();
            if (status(port, "/health") == 200) {
                return;
            }
            sleep(100);
        }
        throw new AssertionError("not healthy within 60 s: " + read(l.log()));
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** Sleeps between polls; an interrupt (the test's timeout) ends the wait instead of being swallowed. */
    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while polling", e);
        }
    }

    private List<Long> workers(long pgid, String name) {
        return ProcessGroup.members(pgid).stream()
                .filter(pid -> ProcessGroup.cmdline(pid).startsWith(name))
                .toList();
    }

    @Test
    void vllmServeStartsServesAndLeavesNothingAfterSigterm() throws Exception {
        int port = FreePort.pick();
        Launched l = launch(
                "vllm",
                "serve",
                "/models/Llama-3.1-8B-Instruct",
                "--port",
                Integer.toString(port),
                "--host",
                "127.0.0.1",
                "--tensor-parallel-size",
                "2",
                "--served-model-name",
                "llama-8b",
                "--max-model-len",
                "8192",
                "--gpu-memory-utilization",
                "0.90",
                "--trust-remote-code",
                "--ttft",
                "5",
                "--itl",
                "1");
        awaitHealthy(l, port);
        assertThat(workers(l.pgid(), "VLLM::Worker_TP")).hasSize(2);
        String body = post(
                port,
                "/v1/completions",
                "{\"model\":\"llama-8b\",\"prompt\":\"hi\",\"max_tokens\":4,\"ignore_eos\":true}");
        assertThat(body).contains("\"completion_tokens\":4");
        assertThat(read(l.log()))
                .contains("Starting vLLM server on http://127.0.0.1:" + port, "Application startup complete.");

        l.process().destroy(); // SIGTERM to the server (the launcher exec'd into it)
        assertThat(l.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(l.process().exitValue()).isZero();
        assertThat(ProcessGroup.awaitEmpty(l.pgid(), 5000)).isEmpty();
        assertThat(status(port, "/health")).isEqualTo(-1);
    }

    @Test
    void workersSurviveASigkillOfTheServerUntilTheGroupIsKilled() throws Exception {
        int port = FreePort.pick();
        Launched l = launch("vllm", "serve", "m", "--port", Integer.toString(port), "-tp", "2");
        awaitHealthy(l, port);
        List<Long> workers = workers(l.pgid(), "VLLM::Worker_TP");
        assertThat(workers).hasSize(2);
        l.process().destroyForcibly();
        assertThat(l.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        sleep(300);
        for (long pid : workers) {
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
                    .as("orphaned worker %d", pid)
                    .contains(true);
        }
        ProcessGroup.kill(l.pgid());
        assertThat(ProcessGroup.awaitEmpty(l.pgid(), 5000)).isEmpty();
    }

    @Test
    void pythonShimLaunchesSglang() throws Exception {
        int port = FreePort.pick();
        Launched l = launch(
                "python",
                "-m",
                "sglang.launch_server",
                "--model-path",
                "openai/gpt-oss-120b",
                "--port",
                Integer.toString(port),
                "--tp",
                "2",
                "--mem-fraction-static",
                "0.85",
                "--context-length",
                "32768",
                "--enable-metrics",
                "--ttft",
                "5",
                "--itl",
                "2");
        awaitHealthy(l, port);
        assertThat(read(l.log())).contains("The server is fired up and ready to roll!");
        assertThat(workers(l.pgid(), "sglang::scheduler_TP")).hasSize(2);
        String body = post(
                port,
                "/generate",
                "{\"input_ids\":[1,2,3],\"sampling_params\":{\"max_new_tokens\":3,\"ignore_eos\":true}}");
        assertThat(body).contains("\"completion_tokens\":3");
        l.process().destroy();
        assertThat(l.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(l.process().exitValue()).isZero();
        assertThat(ProcessGroup.awaitEmpty(l.pgid(), 5000)).isEmpty();
    }

    @Test
    void pythonShimRefusesAnythingElse() throws Exception {
        Launched l = launch("python", "-c", "print(1)");
        assertThat(l.process().waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(l.process().exitValue()).isEqualTo(2);
        assertThat(read(l.log())).contains("only 'python -m sglang.launch_server");
    }

    @Test
    void legacyVllmModuleAndStartupDelay() throws Exception {
        int port = FreePort.pick();
        Launched l = launch(
                "python",
                "-m",
                "vllm.entrypoints.openai.api_server",
                "--model",
                "m",
                "--port",
                Integer.toString(port),
                "--startup-delay-ms",
                "1500");
        sleep(400);
        assertThat(status(port, "/health"))
                .as("connection refused during start-up")
                .isEqualTo(-1);
        awaitHealthy(l, port);
        l.process().destroy();
        assertThat(l.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(l.process().exitValue()).isZero();
    }

    @Test
    void simulatedCrashExitsNonZero() throws Exception {
        int port = FreePort.pick();
        Launched l = launch(
                "vllm",
                "serve",
                "m",
                "--port",
                Integer.toString(port),
                "--exit-after-requests",
                "1",
                "--ttft",
                "1",
                "--itl",
                "1");
        awaitHealthy(l, port);
        post(port, "/v1/completions", "{\"prompt\":\"x\",\"max_tokens\":2}");
        assertThat(l.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(l.process().exitValue()).isEqualTo(1);
        assertThat(ProcessGroup.awaitEmpty(l.pgid(), 5000)).isEmpty();
    }

    @Test
    void simulatedCrashUnderLoadExitsWithoutStackTraces() throws Exception {
        int port = FreePort.pick();
        // batch latency (the default): the crash is triggered from inside an engine step, with requests in flight
        Launched l = launch("vllm", "serve", "m", "--port", Integer.toString(port), "--exit-after-requests", "3");
        awaitHealthy(l, port);
        List<CompletableFuture<HttpResponse<String>>> requests = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            boolean stream = i % 2 == 0;
            requests.add(http.sendAsync(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/completions"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString("{\"prompt\":\"x\",\"max_tokens\":"
                                    + (20 + 10 * i) + ",\"ignore_eos\":true,\"stream\":" + stream + "}"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        assertThat(l.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(l.process().exitValue()).isEqualTo(1);
        String log = read(l.log());
        assertThat(log).contains("EngineCore encountered a fatal error").doesNotContain("Exception", "\tat ");
        long answered = requests.stream()
                .map(r -> r.handle((response, failure) -> failure == null ? response.statusCode() : -1)
                        .join())
                .filter(status -> status == 200)
                .count();
        assertThat(answered)
                .as("answered before the crash; the rest were dropped")
                .isEqualTo(3);
    }
}
