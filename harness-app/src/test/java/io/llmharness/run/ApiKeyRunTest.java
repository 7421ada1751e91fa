package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.testing.ProcessScanner;
import io.llmharness.benchmark.BenchmarkOptions;
import io.llmharness.benchmark.GenerationOptions;
import io.llmharness.benchmark.PromptOptions;
import io.llmharness.benchmark.RunMode;
import io.llmharness.benchmark.RunScenario;
import io.llmharness.cli.ExitCodes;
import io.llmharness.report.progress.Progress;
import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.FreePort;
import io.llmharness.testing.SecretSearch;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key-protected server ({@code harness sim --api-key K}, as vLLM's {@code --api-key}) is measured with the key from
 * {@code --api-key}, the environment or a server config, and the key is in no file of the run directory and nowhere
 * on the terminal: every file is searched for it. Without the key the run stops with one line that says what to do.
 */
@Tag("slow")
class ApiKeyRunTest {

    @TempDir
    Path dir;

    private final String key = "sk-test-" + UUID.randomUUID();
    private final String headerSecret = "hdr-" + UUID.randomUUID();

    private SimulatorServer protectedSim() {
        return SimulatorServer.start(
                SimulatorOptions.defaults().with(Latency.fixed(5, 2)).with(Admission.DEFAULTS.withApiKey(key)));
    }

    private List<String> args(String... more) {
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
                                "k.conf",
                                "llama3_1-8b.Server.min_query_count = 48",
                                "llama3_1-8b.Server.min_duration = 500",
                                "llama3_1-8b.Server.target_qps = 40")
                        .toString(),
                "--generation-config",
                RunFixture.shortOutputs(dir, 8).toString(),
                "--warmup-requests",
                "0",
                "--progress",
                "off",
                "--output-dir",
                dir.resolve("out").toString()));
        a.addAll(List.of(more));
        return a;
    }

    /** Fails when any file of the run directory, or the terminal output, holds one of the secrets. */
    private void assertNowhere(Path run, String terminal, String... secrets) {
        SecretSearch.assertNowhere(run, List.of("harness.log", "summary.json"), terminal, secrets);
    }

    private static void allSucceeded(Path run) {
        assertThat(RunFixture.summary(run).at("/mlperf/samples/failed").asLong())
                .isZero();
        assertThat(RunFixture.summary(run).at("/mlperf/harness_verdict").asText())
                .isEqualTo("OK");
        assertThat(RunFixture.summary(run).at("/metrics/requests/succeeded").asLong())
                .isPositive();
    }

    @Test
    void aKeyProtectedSimulatorIsMeasuredWithApiKeyAndTheKeyIsInNoFile() throws Exception {
        try (SimulatorServer sim = protectedSim()) {
            RunFixture.Outcome o = RunFixture.harness(args(
                            "--api-server-url",
                            sim.baseUrl(),
                            "--api-key",
                            key,
                            "--header",
                            "X-Api-Key: " + headerSecret,
                            "--header",
                            "X-Route: blue")
                    .toArray(String[]::new));
            assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
            Path run = RunFixture.runDir(dir.resolve("out"));
            allSucceeded(run);
            assertNowhere(run, o.out() + o.err(), key, headerSecret);
            String resolved = Files.readString(run.resolve("config.resolved.yaml"));
            assertThat(resolved)
                    .contains("api_key: <redacted>", "api_key_from: --api-key", "X-Api-Key: <redacted>")
                    .contains("X-Route: blue", "rerun_note:");
            assertThat(RunFixture.summary(run).at("/run/command_line").toString())
                    .contains("--api-key\",\"<redacted>", "X-Api-Key: <redacted>");
        }
    }

    @Test
    void withoutTheKeyTheRunStopsWithOneLineThatSaysWhatToDo() {
        try (SimulatorServer sim = protectedSim()) {
            RunFixture.Outcome o =
                    RunFixture.harness(args("--api-server-url", sim.baseUrl(), "--max-consecutive-failures", "5")
                            .toArray(String[]::new));
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
            assertThat(o.errorLines()).as(o.err()).hasSize(1);
            assertThat(o.errorLines().get(0)).contains("failed 5 requests in a row", "HTTP 401", "--api-key KEY");
        }
    }

    @Test
    void theKeyMayComeFromTheEnvironment() throws Exception {
        try (SimulatorServer sim = protectedSim()) {
            RunRequest request = new RunRequest(
                    new BenchmarkOptions(
                            "llama3.1-8b",
                            null,
                            RunScenario.SERVER,
                            RunMode.PERFORMANCE,
                            null,
                            GenerationOptions.NONE,
                            PromptOptions.NONE),
                    new RunRequest.DatasetRequest(RunFixture.dataset(dir, 16), null, Map.of(), null),
                    new RunRequest.TargetRequest(List.of(sim.baseUrl()), null, null, null, null),
                    new RunRequest.LoadGenRequest(
                            RunFixture.conf(
                                    dir,
                                    "e.conf",
                                    "llama3_1-8b.Server.min_query_count = 32",
                                    "llama3_1-8b.Server.min_duration = 300",
                                    "llama3_1-8b.Server.target_qps = 40"),
                            null,
                            null,
                            null,
                            List.of(),
                            false,
                            null),
                    new RunRequest.SutRequest(null, false, null, null, null, 0),
                    new RunRequest.OutputRequest(dir.resolve("out"), "env", List.of(), "test", Progress.Mode.OFF, true),
                    RunRequest.MetricsRequest.OFF,
                    false,
                    new AccessRequest(
                            null,
                            List.of(),
                            false,
                            null,
                            null,
                            null,
                            null,
                            Map.of("OPENAI_API_KEY", key, "PATH", "/usr/bin")));
            StringWriter terminal = new StringWriter();
            RunResult r = RunExecutor.execute(
                    RunPlanner.plan(request),
                    new RunConsole(new PrintWriter(terminal), new PrintWriter(terminal)),
                    new RunControl());
            ResultLines.of(r).forEach(l -> terminal.append(l).append('\n'));
            allSucceeded(r.runDir());
            assertNowhere(r.runDir(), terminal.toString(), key);
            assertThat(Files.readString(r.runDir().resolve("config.resolved.yaml")))
                    .contains("api_key_from: environment variable OPENAI_API_KEY");
        }
    }

    @Test
    void withSimulateTheEmbeddedSimulatorRequiresTheKey() throws Exception {
        RunFixture.Outcome o =
                RunFixture.harness(args("--simulate", "--api-key", key).toArray(String[]::new));
        assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
        Path run = RunFixture.runDir(dir.resolve("out"));
        allSucceeded(run);
        assertNowhere(run, o.out() + o.err(), key);
    }

    /**
     * A server config's {@code api_key} starts the (fake) vLLM server with it and the client sends it; the key is in
     * neither the run directory nor server.log, and a different {@code --api-key} is refused before anything starts.
     */
    @Test
    void aServerConfigKeyIsGivenToTheServerAndSentByTheClient() throws Exception {
        String testId = UUID.randomUUID().toString();
        int port = FreePort.pick();
        List<String> managed = new ArrayList<>(RunFixture.fakeServerFlags(
                "configs/backends/fake-vllm.yaml", "tools/fake-backends/bin/vllm", port, testId));
        managed.addAll(List.of("--server-api-key", key));
        List<String> conflicting = args("--api-key", "another-key-123");
        conflicting.addAll(managed);
        RunFixture.Outcome refused = RunFixture.harness(conflicting.toArray(String[]::new));
        assertThat(refused.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.errorLines()).singleElement().asString().contains("--api-key differs from");

        List<String> a = args();
        a.addAll(managed);
        RunFixture.Outcome o = RunFixture.harness(a.toArray(String[]::new));
        try {
            assertThat(o.exit()).as(o.out() + o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
            Path run = RunFixture.runDir(dir.resolve("out"));
            assertThat(run.resolve("server.log")).exists();
            allSucceeded(run);
            assertNowhere(run, o.out() + o.err(), key);
            assertThat(Files.readString(run.resolve("config.resolved.yaml"))).contains("api_key: <redacted>");
        } finally {
            List<Long> left = ProcessScanner.awaitNoneWithEnv("FAKE_TEST_ID=" + testId, Duration.ofSeconds(5));
            ProcessScanner.killAll(left);
            assertThat(left).as("processes left behind").isEmpty();
        }
    }
}
