package io.llmharness.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.llmharness.backend.testing.FakeBackend;
import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.testing.ChildHarness;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code harness server start --foreground} in a child JVM with the shipped {@code configs/backends/fake-vllm.yaml}
 * (the fake {@code vllm} launcher: the simulator plus two tensor-parallel workers), interrupted with SIGINT or
 * SIGTERM — also after the server itself was SIGKILLed, which leaves its workers running like real vLLM workers.
 * Afterwards an independent {@code /proc} scan must find no process of the server.
 */
@Tag("slow")
class FakeLauncherSignalTest {

    private final String id = UUID.randomUUID().toString();
    private final String marker = "FAKE_TEST_ID=" + id;
    private final List<ChildHarness> harnesses = new ArrayList<>();

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() {
        harnesses.forEach(ChildHarness::close);
        List<Long> left = ProcessScanner.awaitNoneWithEnv(marker, Duration.ofSeconds(2));
        ProcessScanner.killAll(left);
    }

    private ChildHarness harness(Path outputDir, int port) {
        ChildHarness h = ChildHarness.start(
                FakeLauncherLifecycleTest.launcherEnv(),
                List.of(
                        "server",
                        "start",
                        "--foreground",
                        "--server-config",
                        FakeLauncherLifecycleTest.ROOT
                                .resolve("configs/backends/fake-vllm.yaml")
                                .toString(),
                        "--server-executable",
                        FakeLauncherLifecycleTest.ROOT
                                .resolve("tools/fake-backends/bin/vllm")
                                .toString(),
                        "--server-port",
                        Integer.toString(port),
                        "--server-output-dir",
                        outputDir.toString(),
                        "--heartbeat-interval",
                        "0.5",
                        "--server-env",
                        marker));
        harnesses.add(h);
        return h;
    }

    @ParameterizedTest(name = "SIG{0}, server SIGKILLed first: {2}")
    @CsvSource({"INT, 130, false", "TERM, 143, false", "TERM, 143, true"})
    void signalToTheHarnessLeavesNoServerProcess(String sig, int exitCode, boolean killServerFirst) throws Exception {
        ChildHarness h = harness(dir, FakeBackend.freePort(1));
        h.awaitLine("ready (model llama-8b", Duration.ofSeconds(90));
        List<Long> procs = ProcessScanner.withEnv(marker);
        List<String> described = ProcessScanner.describe(procs);
        assertThat(described).as("simulator JVM + 2 TP workers").hasSize(3);
        if (killServerFirst) {
            long server = procs.stream()
                    .filter(p -> ProcessScanner.describe(List.of(p)).get(0).contains("io.llmharness.cli.Main sim"))
                    .findFirst()
                    .orElseThrow();
            ChildHarness.signal(server, "KILL");
            await().atMost(30, TimeUnit.SECONDS)
                    .until(() -> !ProcessHandle.of(server)
                            .map(ProcessHandle::isAlive)
                            .orElse(false));
            // Its workers outlive it (FakeBackendLauncherTest shows that); the harness notices the death through its
            // heartbeat and may already be cleaning up — either way the signal below must leave nothing behind.
        }
        h.signal(sig);
        assertThat(h.waitFor(Duration.ofSeconds(60))).as(h.output()).isTrue();
        if (!killServerFirst) {
            assertThat(h.exitValue()).as(h.output()).isEqualTo(exitCode);
        }
        List<Long> left = ProcessScanner.awaitNoneWithEnv(marker, Duration.ofSeconds(1));
        assertThat(ProcessScanner.describe(left))
                .as("orphans after the harness exited\n%s", h.output())
                .isEmpty();
    }
}
