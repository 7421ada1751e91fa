package io.llmharness.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.testing.FakeBackend;
import io.llmharness.backend.testing.ProcessScanner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
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
    private final List<Process> harnesses = new ArrayList<>();

    @TempDir
    Path dir;

    @AfterEach
    void cleanUp() {
        harnesses.forEach(Process::destroyForcibly);
        List<Long> left = ProcessScanner.awaitNoneWithEnv(marker, Duration.ofSeconds(2));
        ProcessScanner.killAll(left);
    }

    private Process harness(List<String> lines, Path outputDir, int port) throws IOException {
        List<String> cmd = List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                "io.llmharness.cli.Main",
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
                marker);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(FakeLauncherLifecycleTest.launcherEnv());
        Process p = pb.start();
        harnesses.add(p);
        CompletableFuture.runAsync(() -> {
            try (BufferedReader r =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("(reader: " + e + ")");
            }
        });
        return p;
    }

    private static void await(List<String> lines, String fragment) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            synchronized (lines) {
                if (lines.stream().anyMatch(l -> l.contains(fragment))) {
                    return;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no line containing '" + fragment + "' in " + lines);
    }

    private static void signal(long pid, String sig) throws Exception {
        new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start().waitFor();
    }

    @ParameterizedTest(name = "SIG{0}, server SIGKILLed first: {2}")
    @CsvSource({"INT, 130, false", "TERM, 143, false", "TERM, 143, true"})
    void signalToTheHarnessLeavesNoServerProcess(String sig, int exitCode, boolean killServerFirst) throws Exception {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Process h = harness(lines, dir, FakeBackend.freePort(1));
        await(lines, "ready (model llama-8b");
        List<Long> procs = ProcessScanner.withEnv(marker);
        List<String> described = ProcessScanner.describe(procs);
        assertThat(described).as("simulator JVM + 2 TP workers").hasSize(3);
        if (killServerFirst) {
            long server = procs.stream()
                    .filter(p -> ProcessScanner.describe(List.of(p)).get(0).contains("io.llmharness.cli.Main sim"))
                    .findFirst()
                    .orElseThrow();
            signal(server, "KILL");
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (ProcessHandle.of(server).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            // Its workers outlive it (FakeBackendLauncherTest shows that); the harness notices the death through its
            // heartbeat and may already be cleaning up — either way the signal below must leave nothing behind.
        }
        signal(h.pid(), sig);
        assertThat(h.waitFor(60, TimeUnit.SECONDS)).as(String.join("\n", lines)).isTrue();
        if (!killServerFirst) {
            assertThat(h.exitValue()).as(String.join("\n", lines)).isEqualTo(exitCode);
        }
        List<Long> left = ProcessScanner.awaitNoneWithEnv(marker, Duration.ofSeconds(1));
        assertThat(ProcessScanner.describe(left))
                .as("orphans after the harness exited\n%s", String.join("\n", lines))
                .isEmpty();
    }
}
