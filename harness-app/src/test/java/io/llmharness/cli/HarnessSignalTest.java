package io.llmharness.cli;

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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The harness itself in a child JVM ({@code Main}), interrupted with SIGINT or SIGTERM while it runs
 * servers: the shutdown hook must leave no process of them behind (checked by an independent /proc scan).
 */
@Tag("slow")
class HarnessSignalTest {

    @TempDir
    Path dir;

    private final List<FakeBackend> fixtures = new ArrayList<>();
    private final List<Process> harnesses = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        harnesses.forEach(Process::destroyForcibly);
        for (FakeBackend f : fixtures) {
            List<Long> left = ProcessScanner.awaitNoneWithEnv(f.marker(), Duration.ofSeconds(2));
            ProcessScanner.killAll(left);
            assertThat(left).as("processes left behind").isEmpty();
        }
    }

    private FakeBackend fake() {
        FakeBackend f = new FakeBackend(dir).env("FAKE_CHILDREN", 2).env("FAKE_ESCAPING_CHILD", 1);
        fixtures.add(f);
        return f;
    }

    /** Starts {@code harness ARGS} in a child JVM; its stdout+stderr lines are collected. */
    private Process harness(List<String> lines, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
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

    private static void await(List<String> lines, String fragment, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
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

    private static void signal(Process p, String sig) throws Exception {
        new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).start().waitFor();
    }

    private List<String> lines() {
        return java.util.Collections.synchronizedList(new ArrayList<>());
    }

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void signalDuringARunStopsTheServers(String sig, int exitCode) throws Exception {
        FakeBackend f = fake();
        List<String> lines = lines();
        Process h = harness(
                lines,
                "server",
                "start",
                "--foreground",
                "--server-config",
                f.writeConfig().toString());
        await(lines, "ready (model fake-model", Duration.ofSeconds(60));
        assertThat(ProcessScanner.withEnv(f.marker())).hasSize(4);
        signal(h, sig);
        assertThat(h.waitFor(30, TimeUnit.SECONDS)).as(String.join("\n", lines)).isTrue();
        assertThat(h.exitValue()).isEqualTo(exitCode);
        assertThat(ProcessScanner.withEnv(f.marker()))
                .as(String.join("\n", lines))
                .isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void signalDuringStartUpStopsTheStartingServer(String sig, int exitCode) throws Exception {
        FakeBackend f = fake().env("FAKE_START_DELAY_MS", 60_000);
        List<String> lines = lines();
        Process h = harness(
                lines,
                "server",
                "start",
                "--server-config",
                f.writeConfig().toString(),
                "--state-dir",
                dir.resolve("state").toString());
        await(lines, "started vllm[0]", Duration.ofSeconds(60));
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (ProcessScanner.withEnv(f.marker()).size() < 4 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        signal(h, sig);
        assertThat(h.waitFor(30, TimeUnit.SECONDS)).as(String.join("\n", lines)).isTrue();
        assertThat(h.exitValue()).isEqualTo(exitCode);
        assertThat(ProcessScanner.withEnv(f.marker()))
                .as(String.join("\n", lines))
                .isEmpty();
        assertThat(dir.resolve("state")).doesNotExist();
    }

    @Test
    void detachedServersOutliveTheHarnessAndAreStoppedByALaterCommand() throws Exception {
        FakeBackend f = fake();
        String state = dir.resolve("state").toString();
        List<String> lines = lines();
        Process h = harness(
                lines,
                "server",
                "start",
                "--server-config",
                f.writeConfig().toString(),
                "--state-dir",
                state,
                "--name",
                "kept");
        assertThat(h.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(h.exitValue()).as(String.join("\n", lines)).isZero();
        assertThat(ProcessScanner.withEnv(f.marker()))
                .as("still running after the harness exited")
                .hasSize(4);

        Process stop = harness(lines, "server", "stop", "--name", "kept", "--state-dir", state);
        assertThat(stop.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(stop.exitValue()).as(String.join("\n", lines)).isZero();
        assertThat(ProcessScanner.withEnv(f.marker())).isEmpty();
    }

    @Test
    void sigkillOfTheHarnessIsCleanedUpByTheOrphanGuard() throws Exception {
        FakeBackend f = fake();
        List<String> lines = lines();
        Process h = harness(
                lines,
                "server",
                "start",
                "--foreground",
                "--server-config",
                f.writeConfig().toString());
        await(lines, "ready (model fake-model", Duration.ofSeconds(60));
        signal(h, "KILL");
        assertThat(h.waitFor(10, TimeUnit.SECONDS)).isTrue();
        List<Long> left = ProcessScanner.awaitNoneWithEnv(f.marker(), Duration.ofSeconds(15));
        assertThat(left).as(ProcessScanner.describe(left).toString()).isEmpty();
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!ProcessScanner.withCmdline("harness-orphan-guard " + h.pid()).isEmpty()
                && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(ProcessScanner.withCmdline("harness-orphan-guard " + h.pid()))
                .as("the guard ends")
                .isEmpty();
    }
}
