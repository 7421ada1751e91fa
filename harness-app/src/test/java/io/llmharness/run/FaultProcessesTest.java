package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.cli.ExitCodes;
import io.llmharness.cli.Main;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.report.RunOutputs;
import io.llmharness.simulator.Faults;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.ChildHarness;
import io.llmharness.testing.FreePort;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The process faults of the matrix: a server killed with SIGKILL in the middle of a run, and SIGINT / SIGTERM to
 * the harness while stalled streams are in flight. Each run ends in time with its documented exit code, writes its
 * files, accounts for every issued sample with a reason, and leaves no process behind.
 */
@Tag("slow")
class FaultProcessesTest {

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();
    private final String testId = UUID.randomUUID().toString();
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void cleanUp() {
        children.forEach(Process::destroyForcibly);
        List<Long> left = ProcessScanner.awaitNoneWithEnv("FAKE_TEST_ID=" + testId, Duration.ofSeconds(5));
        ProcessScanner.killAll(left);
        assertThat(left).as("processes left behind").isEmpty();
    }

    @Test
    void aServerKilledWithSigkillEndsTheRunWithExit1AndEverySampleAccounted() throws Exception {
        int port = FreePort.pick();
        String url = "http://127.0.0.1:" + port;
        List<String> simLines = Collections.synchronizedList(new ArrayList<>());
        // a server someone else runs: without worker processes, SIGKILL ends all of it
        Process sim = child(
                simLines,
                "sim",
                "--port",
                Integer.toString(port),
                "--ttft",
                "5",
                "--itl",
                "2",
                "--no-worker-processes");
        await(() -> status(url + "/health") == 200, 60, "the simulator to answer /health\n" + simLines);
        Path data = RunFixture.dataset(dir, 16);
        CompletableFuture<RunFixture.Outcome> running = FaultMatrixTest.inThread(() -> RunFixture.harness(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                data.toString(),
                "--scenario",
                "Server",
                "--user-conf",
                longConf().toString(),
                "--generation-config",
                RunFixture.shortOutputs(dir, 8).toString(),
                "--api-server-url",
                url,
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString()));
        await(() -> served(url) >= 20 || running.isDone(), 90, "20 answered requests");
        assertThat(running)
                .as("the run ended before the server was killed: %s", running.getNow(null))
                .isNotDone();
        new ProcessBuilder("kill", "-9", Long.toString(sim.pid())).start().waitFor();
        RunFixture.Outcome o = running.get(FaultMatrixTest.RUN_DEADLINE_S, TimeUnit.SECONDS);

        assertThat(sim.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(o.errorLines()).as(o.err()).hasSize(1);
        assertThat(o.errorLines().get(0)).contains(url);
        assertThat(o.out()).contains("stopped early");
        FaultMatrixTest.assertAccounted(RunFixture.runDir(dir.resolve("out")), o);
    }

    /**
     * SIGKILL to the simulator JVM of a (fake) vLLM server the harness started, with its tensor-parallel workers:
     * the run ends with the server's death as its one error line, exit 1, every sample accounted, and the server
     * manager stops the orphaned workers.
     */
    @Test
    void aManagedServerKilledWithSigkillIsCleanedUp() throws Exception {
        int port = FreePort.pick();
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                RunFixture.dataset(dir, 16).toString(),
                "--scenario",
                "Server",
                "--user-conf",
                longConf().toString(),
                "--warmup-requests",
                "0"));
        args.addAll(RunFixture.fakeServerFlags(
                "configs/backends/fake-vllm.yaml", "tools/fake-backends/bin/vllm", port, testId));
        args.addAll(
                List.of("--progress", "off", "--output-dir", dir.resolve("out").toString()));
        CompletableFuture<RunFixture.Outcome> running =
                FaultMatrixTest.inThread(() -> RunFixture.harness(args.toArray(String[]::new)));
        String url = "http://127.0.0.1:" + port;
        await(() -> served(url) >= 20 || running.isDone(), 120, "20 answered requests");
        assertThat(running)
                .as("the run ended before the server was killed: %s", running.getNow(null))
                .isNotDone();
        List<Long> marked = ProcessScanner.withEnv("FAKE_TEST_ID=" + testId);
        List<Long> jvm = ProcessScanner.withCmdline(Main.class.getName() + " sim").stream()
                .filter(marked::contains)
                .toList();
        assertThat(jvm).as("the simulator JVM").hasSize(1);
        new ProcessBuilder("kill", "-9", Long.toString(jvm.get(0))).start().waitFor();
        RunFixture.Outcome o = running.get(FaultMatrixTest.RUN_DEADLINE_S, TimeUnit.SECONDS);

        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        assertThat(o.errorLines().get(o.errorLines().size() - 1)).contains(url, "died", "SIGKILL", "server.log");
        assertThat(o.out()).contains("stopped early");
        FaultMatrixTest.assertAccounted(RunFixture.runDir(dir.resolve("out")), o);
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId))
                .as("processes of the killed server")
                .isEmpty();
    }

    /**
     * SIGINT and SIGTERM to a harness whose server stalls a quarter of its streams: the stalled requests are
     * cancelled with the reason, the files are written, the exit code is 130 / 143, and no process is left.
     */
    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalToTheHarnessWithStalledStreamsInFlight(String signal, int exitCode) throws Exception {
        SimulatorOptions options = SimulatorOptions.defaults()
                .with(Latency.fixed(5, 2))
                .with(Faults.DEFAULTS.withFault("stall-after=2").withFaultRate(25))
                .withSeed(3);
        try (SimulatorServer sim = SimulatorServer.start(options)) {
            List<String> lines = Collections.synchronizedList(new ArrayList<>());
            Process p = child(
                    lines,
                    "run",
                    "--model-category",
                    "llama3.1-8b",
                    "--dataset-path",
                    RunFixture.dataset(dir, 16).toString(),
                    "--scenario",
                    "Server",
                    "--user-conf",
                    longConf().toString(),
                    "--generation-config",
                    RunFixture.shortOutputs(dir, 8).toString(),
                    "--api-server-url",
                    sim.baseUrl(),
                    "--warmup-requests",
                    "0",
                    "--progress",
                    "off",
                    "--output-dir",
                    dir.resolve("out").toString());
            await(() -> served(sim.baseUrl()) >= 20, 90, "20 answered requests\n" + lines);
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                    .start()
                    .waitFor();
            // An interrupted run may take up to RunCommand's 2 minutes to write its files before the JVM exits; a
            // loaded full suite needed more than the 60 s this test used to wait (TERM: no line at all in 60 s).
            assertThat(p.waitFor(RunFixture.INTERRUPT_EXIT_S, TimeUnit.SECONDS))
                    .as(String.join("\n", lines))
                    .isTrue();
            String all = String.join("\n", lines);

            assertThat(p.exitValue()).as(all).isEqualTo(exitCode);
            assertThat(all).contains("Server performance: interrupted");
            Path run = RunFixture.runDir(dir.resolve("out"));
            FaultMatrixTest.assertAccounted(run, new RunFixture.Outcome(p.exitValue(), all, ""));
            List<RequestRecord> records = RunOutputs.readRecords(run).requests();
            assertThat(records)
                    .filteredOn(r -> r.outcome() instanceof Outcome.Cancelled)
                    .isNotEmpty()
                    .allSatisfy(r -> assertThat(r.outcome().describe()).isEqualTo("cancelled: interrupted"));
        }
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId)).isEmpty();
    }

    private Path longConf() {
        return RunFixture.conf(
                dir, "long.conf", "llama3_1-8b.Server.min_duration = 120000", "llama3_1-8b.Server.target_qps = 40");
    }

    /** {@code harness ARGS} in a child JVM on this test's class path, marked with the test's id. */
    private Process child(List<String> lines, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(ChildHarness.withDefaultSignals(cmd)).redirectErrorStream(true);
        pb.environment().put("FAKE_TEST_ID", testId);
        Process p = pb.start();
        children.add(p);
        // its own thread: a reader blocks until the child exits, and must not hold a common-pool worker
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = r.readLine()) != null) {
                            lines.add(line);
                        }
                    } catch (IOException e) {
                        lines.add("(reader: " + e + ")");
                    }
                },
                "child-output");
        reader.setDaemon(true);
        reader.start();
        return p;
    }

    private int status(String url) {
        try {
            return http.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .timeout(Duration.ofSeconds(2))
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** Requests the server counts as answered ({@code vllm:request_success_total}), 0 when it cannot be asked. */
    private long served(String base) {
        try {
            String body = http.send(
                            HttpRequest.newBuilder(URI.create(base + "/metrics"))
                                    .timeout(Duration.ofSeconds(2))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            return body.lines()
                    .filter(l -> l.startsWith("vllm:request_success_total{"))
                    .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
                    .sum();
        } catch (IOException | RuntimeException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    /** Waits for a condition, polling, with a deadline. */
    private static void await(BooleanSupplier condition, long seconds, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime())
                    .as("waited %d s for %s", seconds, what)
                    .isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
