package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.benchmark.GenerationOptions;
import io.llmharness.benchmark.PromptOptions;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.cli.ExitCodes;
import io.llmharness.report.progress.Progress;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.testing.ChildHarness;
import io.llmharness.testing.FreePort;
import io.llmharness.testing.ServerProbe;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs that end early or start their own servers: an interrupt (in process, and SIGINT or SIGTERM to a child JVM)
 * during LoadGen's test or the warm-up still writes the logs and summary, and one while the servers start is said to
 * be an interrupt; {@code --server-config} with the fake {@code vllm} launcher starts, runs and stops the server
 * without leaving a process behind, and a server that crashes mid-run ends the run with its reason.
 */
@Tag("slow")
class RunLifecycleTest {

    @TempDir
    Path dir;

    private final List<ChildHarness> children = new ArrayList<>();
    private final String testId = UUID.randomUUID().toString();

    @AfterEach
    void cleanUp() {
        children.forEach(ChildHarness::close);
        List<Long> left = ProcessScanner.awaitNoneWithEnv("FAKE_TEST_ID=" + testId, Duration.ofSeconds(2));
        ProcessScanner.killAll(left);
        assertThat(left).as("processes left behind").isEmpty();
    }

    private Path longServerConf() {
        return RunFixture.conf(
                dir, "long.conf", "llama3_1-8b.Server.min_duration = 120000", "llama3_1-8b.Server.target_qps = 20");
    }

    /** A Server run of 16 samples for 120 s against the embedded simulator with these options. */
    private RunRequest simulatedRequest(SimulatorOptions simulator) {
        Path data = RunFixture.dataset(dir, 16);
        return new RunRequest(
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
                        List.of(), new RunRequest.SimulateRequest(simulator, false), null, null, null),
                new RunRequest.LoadGenRequest(longServerConf(), null, null, null, List.of(), false, null),
                RunRequest.SutRequest.NONE,
                new RunRequest.OutputRequest(
                        dir.resolve("out"), "interrupted", List.of(), "test", Progress.Mode.OFF, false),
                RunRequest.MetricsRequest.OFF,
                false);
    }

    /** The {@code harness: running ...} line, once the run printed it. */
    private static String awaitRunningLine(StringWriter sink) {
        return await().atMost(60, TimeUnit.SECONDS)
                .until(
                        () -> sink.toString()
                                .lines()
                                .filter(l -> l.startsWith("harness: running"))
                                .findFirst()
                                .orElse(null),
                        java.util.Objects::nonNull);
    }

    @Test
    void anInterruptedRunStillWritesItsLogsAndSummary() throws Exception {
        RunSpec spec = RunPlanner.plan(simulatedRequest(SimulatorOptions.defaults()));
        RunControl control = new RunControl();
        StringWriter sink = new StringWriter();
        RunConsole console = new RunConsole(new PrintWriter(sink), new PrintWriter(sink));
        CompletableFuture<RunResult> running =
                CompletableFuture.supplyAsync(() -> RunExecutor.execute(spec, console, control));
        // interrupted once LoadGen's queries are being answered (after the warm-up requests)
        awaitLoadGenRequests(spec.runDir(), ServerProbe.serverUrl(awaitRunningLine(sink)));
        control.interrupt();
        RunResult r = running.get(60, TimeUnit.SECONDS);
        assertThat(r.outcome()).isEqualTo(RunResult.Outcome.INTERRUPTED);
        assertThat(r.elapsed()).as("ended before its min_duration").isLessThan(Duration.ofMinutes(2));
        RunFixture.assertRunFiles(r.runDir());
        assertThat(RunFixture.requests(r.runDir())).isNotEmpty();
        assertThat(RunFixture.summary(r.runDir()).at("/mlperf/results/Aborted").asBoolean())
                .isTrue();
        assertThat(ResultLines.of(r).get(0)).contains("interrupted");
    }

    @Test
    void anInterruptDuringTheWarmUpEndsItAndStillWritesTheRunFiles() throws Exception {
        // a first token after 10 minutes: the warm-up's requests are still in flight when the interrupt comes
        RunSpec spec =
                RunPlanner.plan(simulatedRequest(SimulatorOptions.defaults().with(Latency.fixed(600_000, 1))));
        RunControl control = new RunControl();
        StringWriter sink = new StringWriter();
        RunConsole console = new RunConsole(new PrintWriter(sink), new PrintWriter(sink));
        CompletableFuture<RunResult> running =
                CompletableFuture.supplyAsync(() -> RunExecutor.execute(spec, console, control));
        String url = ServerProbe.serverUrl(awaitRunningLine(sink));
        await().atMost(60, TimeUnit.SECONDS).until(() -> ServerProbe.running(url) > 0);
        control.interrupt();
        RunResult r = running.get(60, TimeUnit.SECONDS);
        assertThat(r.outcome()).isEqualTo(RunResult.Outcome.INTERRUPTED);
        RunFixture.assertRunFiles(r.runDir());
        assertThat(RunFixture.summary(r.runDir()).at("/mlperf/results/Aborted").asBoolean())
                .isTrue();
        assertThat(Files.readString(r.runDir().resolve("harness.log")))
                .as("the warm-up ended on the interrupt, not on its own time limit")
                .contains("(0 ok)", "burst ended by aborted");
        assertNothingInfinite(sink + String.join("\n", ResultLines.of(r)), r.runDir());
        assertThat(RunFixture.summary(r.runDir())
                        .at("/mlperf/results/Completed samples per second")
                        .isNull())
                .as("no rate for a run that measured no sample")
                .isTrue();
    }

    /**
     * No rate of a run that measured nothing is shown as a division by zero ({@code inf}, {@code -nan}): not on the
     * terminal, not in any text file of the run directory (LoadGen's logs included).
     */
    static void assertNothingInfinite(String terminal, Path runDir) throws IOException {
        Pattern infinite = Pattern.compile("(?i)\\b(-?inf|infinity|nan)\\b");
        SoftAssertions soft = new SoftAssertions();
        soft.assertThat(terminal).as("terminal").doesNotContainPattern(infinite);
        try (Stream<Path> files = Files.walk(runDir)) {
            for (Path f : files.filter(Files::isRegularFile)
                    .filter(f -> f.toString().matches(".*\\.(txt|json|log|html|yaml|csv)$"))
                    .toList()) {
                soft.assertThat(Files.readString(f)).as(f.toString()).doesNotContainPattern(infinite);
            }
        }
        soft.assertAll();
    }

    /**
     * Waits until the server has answered a few requests of the measured LoadGen test: its detail log appears in the
     * run directory once the warm start is over (the warm-up tests log elsewhere), and then a few more requests have
     * finished.
     */
    private static void awaitLoadGenRequests(Path runDir, String serverUrl) {
        Path detail = runDir.resolve("mlperf/mlperf_log_detail.txt");
        await().atMost(120, TimeUnit.SECONDS).until(() -> Files.exists(detail));
        double before = ServerProbe.completed(serverUrl);
        ServerProbe.awaitCompleted(serverUrl, (int) before + 4, Duration.ofSeconds(90));
    }

    /** The run directory a {@code harness: running ... files in DIR} line names. */
    private static Path runDirOf(String runningLine) {
        return Path.of(runningLine.substring(runningLine.lastIndexOf("files in ") + "files in ".length()));
    }

    private ChildHarness child(String... args) {
        ChildHarness h = ChildHarness.start(args);
        children.add(h);
        return h;
    }

    @Test
    void sigintToAChildJvmWritesTheFilesAndExits130() throws Exception {
        Path data = RunFixture.dataset(dir, 16);
        ChildHarness p = child(
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
        String running = p.awaitLine("harness: running", Duration.ofSeconds(90));
        awaitLoadGenRequests(runDirOf(running), ServerProbe.serverUrl(running));
        p.signal("INT");
        assertThat(p.waitFor(Duration.ofSeconds(RunFixture.INTERRUPT_EXIT_S)))
                .as(p.output())
                .isTrue();
        assertThat(p.exitValue()).as(p.output()).isEqualTo(ExitCodes.INTERRUPTED);
        Path run = RunFixture.runDir(dir.resolve("out"));
        RunFixture.assertRunFiles(run);
        assertThat(p.lines()).anyMatch(l -> l.contains("Server performance: interrupted"));
    }

    /**
     * The flags that start {@code config} through a fake launcher on a free port, marked with this test's id so a
     * process scan finds whatever it left, plus the run's output flags.
     */
    private List<String> fakeServerArgs(String config, String launcher) throws IOException {
        int port = FreePort.pick();
        List<String> a = new ArrayList<>(RunFixture.fakeServerFlags(config, launcher, port, testId));
        a.addAll(List.of("--progress", "off", "--output-dir", dir.resolve("out").toString()));
        return a;
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
        ChildHarness p = child(managedArgs(120_000).toArray(String[]::new));
        String running = p.awaitLine("harness: running", Duration.ofSeconds(120));
        // the launcher, the simulator JVM and two tensor-parallel workers carry the test's marker
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId))
                .as(p.output())
                .hasSizeGreaterThanOrEqualTo(3);
        awaitLoadGenRequests(runDirOf(running), ServerProbe.serverUrl(running));
        p.signal(signal);
        assertThat(p.waitFor(Duration.ofSeconds(RunFixture.INTERRUPT_EXIT_S)))
                .as(p.output())
                .isTrue();
        assertThat(p.exitValue()).as(p.output()).isEqualTo(exitCode);
        RunFixture.assertRunFiles(RunFixture.runDir(dir.resolve("out")));
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId))
                .as("processes of the managed server left after SIG%s\n%s", signal, p.output())
                .isEmpty();
    }

    /**
     * A signal while the run's warm-up requests are still in flight (the server takes 10 minutes for a first token, so
     * the warm-up cannot be over yet): the run stops there, LoadGen's test ends at once, and the run still writes
     * every file, with nothing measured, and exits as interrupted.
     */
    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalDuringTheWarmUpStillWritesTheRunFiles(String signal, int exitCode) throws Exception {
        ChildHarness p =
                ChildHarness.start(Map.of(SilenceWatch.ENV, "1"), managedArgs(120_000, "--server-arg=--ttft 600000"));
        children.add(p);
        String url = ServerProbe.serverUrl(p.awaitLine("harness: running", Duration.ofSeconds(120)));
        await().atMost(60, TimeUnit.SECONDS).until(() -> ServerProbe.running(url) > 0);
        // none answered (a burst round the warm-up ended cancels its requests, which the server counts as aborted)
        assertThat(ServerProbe.answered(url)).as("warm-up requests answered").isZero();
        // the warm-up's requests hear nothing: said once a second (HARNESS_SILENCE_INTERVAL_S=1)
        assertThat(p.awaitLine("silent for 1 s (oldest sent", Duration.ofSeconds(60)))
                .containsPattern("harness: \\d+ requests? silent for 1 s \\(oldest sent \\d+(\\.\\d)? s ago to "
                        + Pattern.quote(url));
        p.signal(signal);
        assertThat(p.waitFor(Duration.ofSeconds(90))).as(p.output()).isTrue();
        assertThat(p.exitValue()).as(p.output()).isEqualTo(exitCode);
        Path run = RunFixture.runDir(dir.resolve("out"));
        RunFixture.assertRunFiles(run);
        assertThat(RunFixture.summary(run).at("/mlperf/results/Aborted").asBoolean())
                .isTrue();
        assertThat(p.lines()).anyMatch(l -> l.contains("Server performance: interrupted"));
        assertThat(Files.readString(run.resolve("harness.log"))).contains("silent for 1 s (oldest sent");
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId))
                .as("processes of the managed server left after SIG%s\n%s", signal, p.output())
                .isEmpty();
    }

    /**
     * A signal while the managed server is still warming up (its {@code /health} answers 503): nothing was measured,
     * so there are no LoadGen logs; the run says it was interrupted (not that the server it stopped failed), keeps
     * harness.log and server.log, and leaves no process behind.
     */
    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    void aSignalWhileTheServerStartsIsReportedAsAnInterrupt(String signal, int exitCode) throws Exception {
        ChildHarness p =
                child(managedArgs(120_000, "--server-arg=--warmup-ms 600000").toArray(String[]::new));
        Matcher port = Pattern.compile("--port (\\d+)")
                .matcher(p.awaitLine("harness: started vllm[0]", Duration.ofSeconds(120)));
        assertThat(port.find()).isTrue();
        String url = "http://127.0.0.1:" + port.group(1);
        await().atMost(120, TimeUnit.SECONDS).until(() -> ServerProbe.health(url) == 503);
        p.signal(signal);
        assertThat(p.waitFor(Duration.ofSeconds(90))).as(p.output()).isTrue();
        assertThat(p.exitValue()).as(p.output()).isEqualTo(exitCode);
        List<String> lines = p.lines();
        assertThat(lines.get(lines.size() - 1))
                .as(p.output())
                .contains("interrupted while the servers were starting", "nothing was measured");
        assertThat(lines).as(p.output()).noneMatch(l -> l.contains("during start-up"));
        Path run = RunFixture.runDir(dir.resolve("out"));
        assertThat(run.resolve("harness.log")).exists();
        assertThat(run.resolve("server.log")).exists();
        assertThat(run.resolve("mlperf/mlperf_log_summary.txt"))
                .as("LoadGen never ran")
                .doesNotExist();
        assertThat(ProcessScanner.withEnv("FAKE_TEST_ID=" + testId))
                .as("processes of the managed server left after SIG%s\n%s", signal, p.output())
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
