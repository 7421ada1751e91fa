package io.llmharness.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.config.ServerConfigLoader;
import io.llmharness.backend.config.ServerOverrides;
import io.llmharness.backend.config.ServerSetting;
import io.llmharness.backend.process.Ports;
import io.llmharness.backend.testing.FakeBackend;
import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.error.HarnessException;
import io.vertx.core.Vertx;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server manager driving the real fake launchers ({@code tools/fake-backends/bin/vllm} and {@code python -m
 * sglang.launch_server}, which exec the simulator in a child JVM with tensor-parallel worker processes), configured
 * by the shipped {@code configs/backends/fake-*.yaml}. Requests go through the real client. Every process of a test
 * carries a marker in its environment, so an independent {@code /proc} scan can prove nothing was left behind.
 */
@Tag("slow")
class FakeLauncherLifecycleTest {

    static final Path ROOT = repositoryRoot();

    @TempDir
    Path dir;

    private final String marker = "FAKE_TEST_ID=" + UUID.randomUUID();
    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private Vertx vertx;

    @AfterEach
    void noOrphans() {
        if (vertx != null) {
            vertx.close().await();
        }
        List<Long> left = ProcessScanner.awaitNoneWithEnv(marker, Duration.ofSeconds(5));
        List<String> described = ProcessScanner.describe(left);
        ProcessScanner.killAll(left);
        assertThat(described).as("processes left behind").isEmpty();
    }

    static Path repositoryRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("tools/fake-backends/bin"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException(
                    "tools/fake-backends/bin not found above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    /** Java and class path for the launchers: this test's own, so no packaged jar is needed. */
    static Map<String, String> launcherEnv() {
        return Map.of(
                "HARNESS_JAVA", ProcessHandle.current().info().command().orElse("java"),
                "HARNESS_CLASSPATH", System.getProperty("java.class.path"));
    }

    private ServerConfig config(String file, String launcher, String... extraArgs) {
        return config(file, launcher, o -> {}, extraArgs);
    }

    private ServerConfig config(String file, String launcher, Consumer<ServerOverrides> more, String... extraArgs) {
        ServerOverrides o = new ServerOverrides()
                .set(ServerSetting.PORT, FakeBackend.freePort(1))
                .set(ServerSetting.OUTPUT_DIR, dir.resolve("logs"))
                .set(
                        ServerSetting.EXECUTABLE,
                        ROOT.resolve("tools/fake-backends/bin").resolve(launcher))
                .set(ServerSetting.HEARTBEAT_INTERVAL, 0.3)
                .set(ServerSetting.STARTUP_POLL_INTERVAL, 0.2)
                .putEnv(Map.of(marker.substring(0, marker.indexOf('=')), marker.substring(marker.indexOf('=') + 1)))
                .putEnv(launcherEnv())
                .addServerArgs(List.of(extraArgs));
        more.accept(o);
        return ServerConfigLoader.forFile(ROOT.resolve("configs/backends").resolve(file))
                .cli(o)
                .environment(System.getenv())
                .load();
    }

    private LlmClient client(ManagedServers servers, EndpointType type) {
        vertx = Vertx.vertx();
        return LlmClient.start(
                        vertx,
                        ClientOptions.builder()
                                .baseUrls(servers.baseUrls())
                                .endpointType(type)
                                .api(ApiSettings.of(
                                        servers.modelInfo().servedModelName(),
                                        SamplingParams.SERVER_DEFAULTS
                                                .withMaxTokens(6)
                                                .withIgnoreEos(true)))
                                .maxConsecutiveFailures(0)
                                .eventLoops(1)
                                .build())
                .await();
    }

    private static RequestResult send(LlmClient client, int i) throws Exception {
        CompletableFuture<RequestResult> f = new CompletableFuture<>();
        client.submit(ClientRequest.of(new Prompt.TokenIds(new int[] {1, 100 + i, 200}), i % 2 == 0, f::complete));
        return f.get(30, TimeUnit.SECONDS);
    }

    private void startServeStop(String file, String launcher, EndpointType type, ModelInfo model, String worker)
            throws Exception {
        ServerConfig cfg = config(file, launcher);
        int port = cfg.portOf(0);
        try (ManagedServers servers = ManagedServers.start(cfg, events::add)) {
            assertThat(servers.baseUrls()).containsExactly("http://127.0.0.1:" + port);
            assertThat(servers.modelInfo()).isEqualTo(model);
            List<Long> procs = ProcessScanner.withEnv(marker);
            assertThat(ProcessScanner.describe(procs))
                    .as("the simulator JVM and its two tensor-parallel workers")
                    .hasSize(3)
                    .anyMatch(d -> d.contains("io.llmharness.cli.Main sim"))
                    .filteredOn(d -> d.contains(worker))
                    .hasSize(2);
            LlmClient client = client(servers, type);
            for (int i = 0; i < 6; i++) {
                RequestResult r = send(client, i);
                assertThat(r.ok()).as(r.record().outcome().describe()).isTrue();
                assertThat(r.record().outputTokens()).isEqualTo(6);
            }
            client.close().await();
            List<StopReport> reports = servers.stop();
            assertThat(reports).singleElement().satisfies(r -> {
                assertThat(r.clean()).as(r.toString()).isTrue();
                assertThat(r.killed()).isEmpty();
            });
        }
        assertThat(ProcessScanner.withEnv(marker)).isEmpty();
        assertThat(Ports.isFree("127.0.0.1", port)).isTrue();
        assertThat(Files.readString(dir.resolve("logs/server.log"))).contains("Application startup complete.");
    }

    @Test
    void fakeVllmStartsServesAndStopsWithoutLeavingAProcess() throws Exception {
        startServeStop(
                "fake-vllm.yaml", "vllm", EndpointType.COMPLETIONS, new ModelInfo("llama-8b", 8192), "VLLM::Worker_TP");
    }

    @Test
    void fakeSglangStartsServesAndStopsWithoutLeavingAProcess() throws Exception {
        startServeStop(
                "fake-sglang.yaml",
                "python",
                EndpointType.GENERATE,
                new ModelInfo("gpt-oss", 16384),
                "sglang::scheduler_TP");
        assertThat(Files.readString(dir.resolve("logs/server.log")))
                .contains("The server is fired up and ready to roll!");
    }

    @Test
    void serverThatNeverBecomesReadyFailsWithTheLogTail() throws Exception {
        ServerConfig cfg = config(
                "fake-vllm.yaml", "vllm", o -> o.set(ServerSetting.STARTUP_TIMEOUT, 3), "--startup-delay-ms", "60000");
        long t0 = System.nanoTime();
        HarnessException e = catchThrowableOfType(HarnessException.class, () -> ManagedServers.start(cfg, events::add));
        assertThat(e).hasMessageContaining("did not become ready within 3 s (last check: connection refused)");
        // the message ends with the last lines of server.log, however far the server got in 3 s on this machine
        String message = e.getMessage();
        List<String> tail = List.of(
                message.substring(message.indexOf("; last log lines: ") + 18).split(" \\| "));
        String log = Files.readString(dir.resolve("logs/server.log"));
        assertThat(tail).isNotEmpty().allSatisfy(line -> assertThat(log).contains(line));
        assertThat(Duration.ofNanos(System.nanoTime() - t0))
                .as("gave up before the server's 60 s start-up delay was over")
                .isLessThan(Duration.ofSeconds(60));
        assertThat(ProcessScanner.withEnv(marker))
                .as("the starting server and its workers")
                .isEmpty();
    }

    @Test
    void serverProcessDyingAfterRequestsFiresTheHeartbeatFailureWithTheReason() throws Exception {
        ServerConfig cfg = config("fake-vllm.yaml", "vllm", "--exit-after-requests", "3");
        try (ManagedServers servers = ManagedServers.start(cfg, events::add)) {
            LlmClient client = client(servers, EndpointType.COMPLETIONS);
            for (int i = 0; i < 3; i++) {
                send(client, i);
            }
            ServerFailure failure = servers.failure().get(20, TimeUnit.SECONDS);
            assertThat(failure.reason()).contains("exited with code 1");
            assertThat(failure.exitCode()).isEqualTo(1);
            assertThat(failure.message())
                    .startsWith("server at " + servers.baseUrls().get(0) + " died: exited");
            assertThat(failure.logTail()).isNotEmpty();
            client.close().await();
        }
        assertThat(ProcessScanner.withEnv(marker)).isEmpty();
    }
}
