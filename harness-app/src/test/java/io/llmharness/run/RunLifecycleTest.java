package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.benchmark.GenerationOptions;
import io.llmharness.benchmark.PromptOptions;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.cli.ExitCodes;
import io.llmharness.cli.Main;
import io.llmharness.report.progress.Progress;
import io.llmharness.simulator.SimulatorOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs that end early or start their own servers: an interrupt (in process and SIGINT to a child JVM) still
 * writes the logs and summary; {@code --server-config} with the fake {@code vllm} launcher starts, runs and stops
 * the server without leaving a process behind, and a server that crashes mid-run ends the run with its reason.
 */
@Tag("slow")
class RunLifecycleTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();
    private final String testId = UUID.randomUUID().toString();

    @AfterEach
    void cleanUp() {
        children.forEach(Process::destroyForcibly);
        List<Long> left = ProcessScanner.awaitNoneWithEnv("FAKE_TEST_ID=" + testId, Duration.ofSeconds(2));
        ProcessScanner.killAll(left);
        assertThat(left).as("processes left behind").isEmpty();
    }

    private Path longServerConf() {
        return RunFixture.conf(
                dir, "long.conf", "llama3_1-8b.Server.min_duration = 120000", "llama3_1-8b.Server.target_qps = 20");
    }

    @Test
    void anInterruptedRunStillWritesItsLogsAndSummary() throws Exception {
        Path data = RunFixture.dataset(dir, 16);
        RunRequest request = new RunRequest(
                new BenchmarkOptions(
                        "llama3.1-8b",
                        null,
                        RunScenario.SERVER,
                        RunMode.PERFORMANCE,
                        null,
                        GenerationOptions.NONE,
                        PromptOptions.NONE),
                new RunRequest.DatasetRequest(data, null, Map.of(), null),
                new RunRequest.TargetRequest(
                        List.of(),
                        new RunRequest.SimulateRequest(SimulatorOptions.defaults(), false),
                        null,
                        null,
                        null),
                new RunRequest.LoadGenRequest(longServerConf(), null, null, null, List.of(), false, null),
                RunRequest.SutRequest.NONE,
                new RunRequest.OutputRequest(
                        dir.resolve("out"), "interrupted", List.of(), "test", Progress.Mode.OFF, true),
                RunRequest.MetricsRequest.OFF,
                false);
        RunSpec spec = RunPlanner.plan(request);
        RunControl control = new RunControl();
        StringWriter sink = new StringWriter();
        RunConsole console = new RunConsole(new PrintWriter(sink), new PrintWriter(sink));
        CompletableFuture<RunResult> running =
                CompletableFuture.supplyAsync(() -> RunExecutor.execute(spec, console, control));
        Path csvless = dir.resolve("out/interrupted/mlperf_log_detail.txt");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!Files.exists(csvless) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(1500);
        control.interrupt();
        RunResult r = running.get(60, TimeUnit.SECONDS);
        assertThat(r.outcome()).isEqualTo(RunResult.Outcome.INTERRUPTED);
        assertThat(r.elapsed()).isLessThan(Duration.ofSeconds(30));
        RunFixture.assertRunFiles(r.runDir());
        assertThat(RunFixture.requests(r.runDir())).isNotEmpty();
        assertThat(RunFixture.summary(r.runDir()).at("/mlperf/results/Aborted").asBoolean())
                .isTrue();
        assertThat(ResultLines.of(r).get(0)).contains("interrupted");
    }

    private Process child(List<String> lines, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        children.add(p);
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

    @Test
    void sigintToAChildJvmWritesTheFilesAndExits130() throws Exception {
        Path data = RunFixture.dataset(dir, 16);
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Process p = child(
                lines,
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                data.toString(),
                "--simulate",
                "--scenario",
                "Server",
                "--user-conf",
                longServerConf().toString(),
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (lines.stream().noneMatch(l -> l.startsWith("harness: running")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(2000);
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join("\n", lines)).isTrue();
        assertThat(p.exitValue()).as(String.join("\n", lines)).isEqualTo(ExitCodes.INTERRUPTED);
        Path run = RunFixture.runDir(dir.resolve("out"));
        RunFixture.assertRunFiles(run);
        assertThat(lines).anyMatch(l -> l.contains("Server performance: interrupted"));
    }

    /**
     * The flags that start {@code config} through a fake launcher on a free port, marked with this test's id so a
     * process scan finds whatever it left, plus the run's output flags.
     */
    private List<String> fakeServerArgs(String config, String launcher) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        return List.of(
                "--server-config",
                ROOT.resolve(config).toString(),
                "--server-port",
                Integer.toString(port),
                "--server-executable",
                ROOT.resolve(launcher).toString(),
                "--server-env",
                "HARNESS_CLASSPATH=" + System.getProperty("java.class.path"),
                "--server-env",
                "HARNESS_JAVA=" + ProcessHandle.current().info().command().orElse("java"),
                "--server-env",
                "FAKE_TEST_ID=" + testId,
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString());
    }

    private List<String> managedArgs(int minDurationMs, String... more) throws IOException {
        List<String> a = new ArrayList<>(List.of(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                RunFixture.dataset(dir, 16).toString(),
                "--scenario",
                "Server",
                "--user-conf",
                RunFixture.conf(
                                dir,
                                "m.conf",
                                "llama3_1-8b.Server.min_query_count = 64",
                                "llama3_1-8b.Server.min_duration = " + minDurationMs,
                                "llama3_1-8b.Server.target_qps = 40")
                        .toString()));
        a.addAll(fakeServerArgs("configs/backends/fake-vllm.yaml", "tools/fake-backends/bin/vllm"));
        a.addAll(List.of(more));
        return a;
    }

    @Test
    void serverConfigStartsRunsAndStopsTheServerWithNothingLeft() throws Exception {
        RunFixture.Outcome o = RunFixture.harness(managedArgs(500).toArray(String[]::new));
        assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
        assertThat(o.err()).contains("ready: vllm[0]", "stopped vllm[0]", "verified no process of vllm[0] is left");
        Path run = RunFixture.runDir(dir.resolve("out"));
        RunFixture.assertRunFiles(run);
        assertThat(run.resolve("server.log")).exists();
        assertThat(RunFixture.summary(run).at("/metrics/requests/succeeded").asInt())
                .isEqualTo(64);
        assertThat(RunFixture.summary(run).at("/config/request_model").asText()).isEqualTo("llama-8b");
        assertThat(RunFixture.summary(run).at("/config").has("profile_problem")).isFalse();
        assertThat(o.out()).doesNotContain("Profile ");
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId)).isEmpty();
    }

    @Test
    void aProfiledRunWhoseServerHasProfilingOffSaysNoTraceAndWhatIsMissing() throws Exception {
        // profile.tool is set, but the fake server does not serve /start_profile (as a vLLM whose own switch is off)
        RunFixture.Outcome o = RunFixture.harness(managedArgs(
                        500,
                        "--profile-tool",
                        "pytorch",
                        "--profile-output-dir",
                        dir.resolve("traces").toString())
                .toArray(String[]::new));
        assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
        assertThat(o.err()).contains("start_profile:", "answered 404", "the server's own profiler switch is off");
        assertThat(o.err()).doesNotContain("start it with profile.tool set");
        assertThat(o.out()).containsPattern("Profile +: no trace: start_profile: \\S+ answered 404");
        assertThat(o.out()).contains("VLLM_TORCH_PROFILER_DIR", "--profiler-config");
        Path run = RunFixture.runDir(dir.resolve("out"));
        assertThat(RunFixture.summary(run).at("/config/profile_problem").asText())
                .startsWith("no trace: start_profile:");
    }

    /**
     * SIGINT or SIGTERM to the harness while a run drives a server it started (the fake {@code vllm} launcher
     * with two tensor-parallel workers) stops the server, its workers and everything else it spawned, and
     * still writes the run's files.
     */
    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalDuringAManagedRunLeavesNoProcessBehind(String signal, int exitCode) throws Exception {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Process p = child(lines, managedArgs(120_000).toArray(String[]::new));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (lines.stream().noneMatch(l -> l.startsWith("harness: running")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        // the launcher, the simulator JVM and two tensor-parallel workers carry the test's marker
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId))
                .as(String.join("\n", lines))
                .hasSizeGreaterThanOrEqualTo(3);
        Thread.sleep(1500);
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as(String.join("\n", lines)).isTrue();
        assertThat(p.exitValue()).as(String.join("\n", lines)).isEqualTo(exitCode);
        RunFixture.assertRunFiles(RunFixture.runDir(dir.resolve("out")));
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId))
                .as("processes of the managed server left after SIG%s\n%s", signal, String.join("\n", lines))
                .isEmpty();
    }

    @Test
    void aServerThatCrashesMidRunEndsTheRunWithTheCrashReason() throws Exception {
        RunFixture.Outcome o = RunFixture.harness(
                managedArgs(20_000, "--server-arg=--exit-after-requests 60").toArray(String[]::new));
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
        List<String> errors = o.errorLines();
        assertThat(errors.get(errors.size() - 1)).contains("died", "exited with code 1", "server.log");
        assertThat(errors)
                .as("the death is said once, as the run's error line")
                .filteredOn(l -> l.contains("died"))
                .hasSize(1);
        assertThat(o.out()).contains("stopped early");
        Path run = RunFixture.runDir(dir.resolve("out"));
        RunFixture.assertRunFiles(run);
        assertThat(RunFixture.summary(run).at("/metrics/requests/succeeded").asInt())
                .isGreaterThan(0);
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId)).isEmpty();
    }

    /**
     * The seed's own {@code configs/backends/sglang.yaml} says {@code endpoint_type: completions}, yet its gpt-oss
     * harness sends token ids to SGLang's {@code /generate}; so does this one, or the run would get no token ids.
     */
    @Test
    void theSeedsSglangConfigStillSendsGptOssTokenIdsToGenerate() throws Exception {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--model-category",
                "gpt-oss-120b",
                "--dataset-path",
                RunFixture.dataset(dir, 16).toString(),
                "--scenario",
                "Offline",
                "--user-conf",
                RunFixture.conf(
                                dir,
                                "o.conf",
                                "gpt-oss-120b.Offline.min_query_count = 16",
                                "gpt-oss-120b.Offline.min_duration = 0")
                        .toString(),
                "--max-tokens",
                "8",
                "--server-arg=--tp 1"));
        args.addAll(fakeServerArgs("configs/backends/sglang.yaml", "tools/fake-backends/bin/python"));
        RunFixture.Outcome o = RunFixture.harness(args.toArray(String[]::new));
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.err()).contains("sglang.yaml (SGLang): SGLang's completions endpoint returns no token ids");
        assertThat(o.out()).doesNotContain("Token ids missing");
        Path run = RunFixture.runDir(dir.resolve("out"));
        assertThat(RunFixture.summary(run).at("/config/endpoint_type").asText()).isEqualTo("generate");
        assertThat(RunFixture.loadgenErrors(run)).isZero();
        assertThat(RunFixture.detail(run, "result_tokens_per_second").asDouble())
                .isPositive();
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId)).isEmpty();
    }
}
