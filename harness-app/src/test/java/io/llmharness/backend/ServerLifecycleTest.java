package io.llmharness.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.config.ServerConfigLoader;
import io.llmharness.backend.process.Ports;
import io.llmharness.backend.testing.FakeBackend;
import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.error.HarnessException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Start, readiness, failure and cleanup of real child processes (the fake backend in a child JVM). */
@Tag("slow")
class ServerLifecycleTest {

    @TempDir
    Path dir;

    private final List<String> events = Collections.synchronizedList(new ArrayList<>());
    private final List<FakeBackend> fixtures = new ArrayList<>();

    @AfterEach
    void noOrphans() {
        for (FakeBackend f : fixtures) {
            List<Long> left = ProcessScanner.awaitNoneWithEnv(f.marker(), Duration.ofSeconds(2));
            ProcessScanner.killAll(left);
            assertThat(left).as("processes left behind").isEmpty();
        }
    }

    private FakeBackend fake() {
        FakeBackend f = new FakeBackend(dir);
        fixtures.add(f);
        return f;
    }

    private ServerConfig load(FakeBackend f) {
        return ServerConfigLoader.forFile(f.writeConfig())
                .environment(System.getenv())
                .load();
    }

    @Test
    void startReadyStopLeavesNoProcessAndFreesThePort() {
        FakeBackend f = fake().env("FAKE_CHILDREN", 2).env("FAKE_START_DELAY_MS", 300);
        ServerConfig cfg = load(f);
        try (ManagedServers servers = ManagedServers.start(cfg, events::add)) {
            assertThat(servers.baseUrls()).containsExactly("http://127.0.0.1:" + f.port());
            assertThat(servers.modelInfo()).isEqualTo(new ModelInfo("fake-model", 4096));
            assertThat(ProcessScanner.withEnv(f.marker())).hasSize(3);
            List<StopReport> reports = servers.stop();
            assertThat(reports).singleElement().satisfies(r -> {
                assertThat(r.clean()).isTrue();
                assertThat(r.terminated()).hasSize(3);
                assertThat(r.killed()).isEmpty();
            });
        }
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
        assertThat(Ports.isFree("127.0.0.1", f.port())).isTrue();
        assertThat(dir.resolve("logs/server.log")).content().contains("Application startup complete");
    }

    @Test
    void sglangStyleWarmupWith503IsWaitedFor() {
        FakeBackend f = fake().set("backend", "sglang").env("FAKE_WARMUP_503_MS", 800);
        try (ManagedServers servers = ManagedServers.start(load(f), events::add)) {
            assertThat(servers.servers().get(0).isAlive()).isTrue();
        }
    }

    @Test
    void serverExitingDuringStartFailsWithExitCodeAndLogTail() {
        FakeBackend f = fake().env("FAKE_MODE", "exit").env("FAKE_EXIT_CODE", 7).env("FAKE_CHILDREN", 1);
        ServerConfig cfg = load(f);
        assertThatThrownBy(() -> ManagedServers.start(cfg, events::add))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("exited with code 7 during start-up")
                .hasMessageContaining("CUDA out of memory (simulated)")
                .hasMessageContaining("server.log")
                .hasMessageNotContaining("\n");
        assertThat(ProcessScanner.withEnv(f.marker()))
                .as("orphaned worker cleaned up")
                .isEmpty();
    }

    @Test
    void serverNeverReadyTimesOutWithLogTail() throws Exception {
        FakeBackend f = fake().env("FAKE_MODE", "never-ready").set("startup_timeout", 2);
        ServerConfig cfg = load(f);
        long t0 = System.nanoTime();
        HarnessException e = catchThrowableOfType(HarnessException.class, () -> ManagedServers.start(cfg, events::add));
        // 'HTTP 503' once the fake listens, 'connection refused' when its JVM took more than 2 s to get there
        assertThat(e).hasMessageContaining("did not become ready within 2 s (last check: ");
        // the message ends with server.log's last lines, however far the fake got
        String message = e.getMessage();
        List<String> tail = List.of(
                message.substring(message.indexOf("; last log lines: ") + 18).split(" \\| "));
        String log = Files.readString(dir.resolve("logs/server.log"));
        assertThat(tail).isNotEmpty().allSatisfy(line -> assertThat(log).contains(line));
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(15));
    }

    @Test
    void workersSurvivingSigkillOfTheLeaderAreStillCleanedUpAndTheCrashIsReported() throws Exception {
        FakeBackend f = fake().env("FAKE_CHILDREN", 2).env("FAKE_ESCAPING_CHILD", 1);
        try (ManagedServers servers = ManagedServers.start(load(f), events::add)) {
            ManagedServer s = servers.servers().get(0);
            ProcessHandle.of(s.pid()).orElseThrow().destroyForcibly();
            ServerFailure failure = servers.failure().get(10, TimeUnit.SECONDS);
            assertThat(failure.reason()).contains("exited with code 137");
            assertThat(failure.message()).startsWith("server at " + s.baseUrl() + " died: exited with code 137");
            assertThat(ProcessScanner.withEnv(f.marker()))
                    .as("reparented workers")
                    .hasSize(3);
        }
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
    }

    @Test
    void processesIgnoringSigtermGetSigkillAfterTheGracePeriod() {
        FakeBackend f =
                fake().env("FAKE_IGNORE_TERM", 1).env("FAKE_STUBBORN_CHILD", 1).set("shutdown_grace", 1);
        StopReport report;
        try (ManagedServers servers = ManagedServers.start(load(f), events::add)) {
            report = servers.stop().get(0);
        }
        assertThat(report.killed()).isNotEmpty();
        assertThat(report.survivors()).isEmpty();
        assertThat(report.took()).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void heartbeatReportsAProcessThatExitsAfterReady() throws Exception {
        Path crash = dir.resolve("crash-now");
        FakeBackend f = fake().env("FAKE_MODE", "crash-after").env("FAKE_CRASH_WHEN", crash);
        try (ManagedServers servers = ManagedServers.start(load(f), events::add)) {
            List<ServerFailure> seen = Collections.synchronizedList(new ArrayList<>());
            servers.onFailure(seen::add);
            Files.createFile(crash); // the server is ready: now it dies
            ServerFailure failure = servers.failure().get(60, TimeUnit.SECONDS);
            assertThat(failure.exitCode()).isEqualTo(3);
            assertThat(failure.logTail()).anyMatch(l -> l.contains("engine core died"));
            assertThat(seen).containsExactly(failure);
        }
    }

    @Test
    void heartbeatReportsAServerWhoseHealthChecksFail() throws Exception {
        Path unhealthy = dir.resolve("unhealthy-now");
        FakeBackend f = fake().env("FAKE_UNHEALTHY_WHEN", unhealthy);
        try (ManagedServers servers = ManagedServers.start(load(f), events::add)) {
            Files.createFile(unhealthy); // ready: from now on /health answers 503
            ServerFailure failure = servers.failure().get(60, TimeUnit.SECONDS);
            assertThat(failure.reason()).isEqualTo("2 health check(s) failed in a row (last: HTTP 503)");
            assertThat(failure.exitCode()).isNull();
        }
    }

    @Test
    void stoppingOnPurposeDoesNotReportAFailure() {
        FakeBackend f = fake();
        ManagedServers servers = ManagedServers.start(load(f), events::add);
        servers.stop();
        assertThat(servers.failure()).isCancelled();
        assertThat(servers.stop()).as("idempotent").hasSize(1);
    }

    @Test
    void severalServersGetConsecutivePortsAndTheirOwnGpuSlice() {
        FakeBackend f = fake().set("port", FakeBackend.freePort(2))
                .set("num_processes", 2)
                .set("num_gpus", 4);
        try (ManagedServers servers = ManagedServers.start(load(f), events::add)) {
            assertThat(servers.baseUrls())
                    .containsExactly("http://127.0.0.1:" + f.port(), "http://127.0.0.1:" + (f.port() + 1));
            assertThat(ProcessScanner.environ(servers.servers().get(0).pid())).contains("CUDA_VISIBLE_DEVICES=0,1");
            assertThat(ProcessScanner.environ(servers.servers().get(1).pid())).contains("CUDA_VISIBLE_DEVICES=2,3");
            assertThat(dir.resolve("logs/server-1.log")).exists();
        }
    }

    @Test
    void oneServerFailingToStartStopsTheOthers() {
        FakeBackend f = fake().set("port", FakeBackend.freePort(2)).set("num_processes", 2);
        // Server 1's port is taken after validation: it cannot bind and exits, so the group start fails.
        ServerConfig cfg = load(f);
        try (java.net.ServerSocket blocker = new java.net.ServerSocket(f.port() + 1)) {
            assertThatThrownBy(() -> ManagedServers.start(cfg, events::add))
                    .isInstanceOf(HarnessException.class)
                    .hasMessageContaining("vllm[1]")
                    .hasMessageContaining("during start-up");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void debugModeVerifiesCleanupAndSaysSo() {
        FakeBackend f = fake().set("debug_mode", true).env("FAKE_CHILDREN", 1);
        try (ManagedServers servers = ManagedServers.start(load(f), events::add)) {
            servers.stop();
        }
        assertThat(events).anyMatch(e -> e.startsWith("debug: vllm[0] has 2 process(es) before stop"));
        assertThat(events).anyMatch(e -> e.startsWith("debug: verified no process of vllm[0] is left"));
    }

    @Test
    void profilerHooksReachEveryServerAndReport404AsNotEnabled() {
        FakeBackend on = fake().set(
                        "profile",
                        java.util.Map.of(
                                "tool",
                                "pytorch",
                                "output_dir",
                                dir.resolve("traces").toString()))
                .env("FAKE_PROFILE", 1)
                .env("FAKE_STOP_PROFILE_DELAY_MS", 400);
        try (ManagedServers servers = ManagedServers.start(load(on), events::add)) {
            assertThat(servers.config().profile().usesEndpoints()).isTrue();
            ProfilerClient profiler = servers.profiler();
            assertThat(profiler.start().allOk()).isTrue();
            long t0 = System.nanoTime();
            ProfileOutcome stop = profiler.stop();
            assertThat(stop.summary()).isEqualTo("stop_profile: ok on 1 server(s)");
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(400));
        }
        FakeBackend off = fake();
        try (ManagedServers servers = ManagedServers.start(load(off), events::add)) {
            ProfileOutcome start = servers.profiler().start();
            assertThat(start.results())
                    .singleElement()
                    .satisfies(r -> assertThat(r.status()).isEqualTo(ProfileOutcome.Status.NOT_ENABLED));
        }
    }
}
