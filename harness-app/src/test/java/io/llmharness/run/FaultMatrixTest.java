package io.llmharness.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.metrics.FailureVerdict;
import io.llmharness.report.RunOutputs;
import io.llmharness.simulator.Faults;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fault matrix, end to end through {@code harness run} against a simulator that misbehaves on a quarter of
 * the requests: for every fault the run ends in time, every issued sample is in the records with its reason, the
 * logs and summary are written, LoadGen's own result line is untouched, and the harness's verdict is
 * FAILED-SAMPLES with exit code 5, naming how many failed, of what kind, and where the records are. A server that
 * crashes mid-run ends the run with exit 1 and the same accounting. (kill -9 of a server process and signals to the
 * harness: {@link FaultProcessesTest}.)
 */
@Tag("slow")
class FaultMatrixTest {

    /** Longest a faulty run may take: far below the 10 minutes a stalled stream used to cost. */
    static final long RUN_DEADLINE_S = 120;

    @TempDir
    Path dir;

    private Path data;
    private Path conf;

    @BeforeEach
    void fixtures() {
        data = RunFixture.dataset(dir, 32);
        conf = RunFixture.conf(
                dir,
                "s.conf",
                "llama3_1-8b.Server.min_query_count = 64",
                "llama3_1-8b.Server.min_duration = 500",
                "llama3_1-8b.Server.target_qps = 40");
    }

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of("reset", "reset-after=2", List.of(), "connection reset"),
                Arguments.of("close", "close-after=2", List.of(), "connection closed"),
                Arguments.of("stall", "stall-after=2", List.of("--idle-timeout", "1"), "idle timeout"),
                Arguments.of("malformed", "malformed-after=2", List.of(), "malformed response"),
                Arguments.of("error event", "error-after=2", List.of(), "error event"),
                Arguments.of("no [DONE], connection closed", "no-done", List.of(), "connection closed"),
                Arguments.of("429", "status=429", List.of("--max-retries", "0"), "HTTP 429"),
                Arguments.of("500", "status=500", List.of(), "HTTP 500"),
                Arguments.of("503", "status=503", List.of("--max-retries", "0"), "HTTP 503"),
                Arguments.of(
                        "slow headers", "slow-headers-ms=4000", List.of("--request-timeout", "1"), "request timeout"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("faults")
    void aFaultOnAQuarterOfTheRequestsFailsTheRunWithExitCode5(
            String name, String fault, List<String> flags, String kind) throws Exception {
        SimulatorOptions options = SimulatorOptions.defaults()
                .with(Latency.fixed(5, 2))
                .with(Faults.DEFAULTS.withFault(fault).withFaultRate(25))
                .withSeed(7);
        long children = ProcessHandle.current().descendants().count();
        try (SimulatorServer sim = SimulatorServer.start(options)) {
            RunFixture.Outcome o = run(sim.baseUrl(), flags);

            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.FAILED_SAMPLES);
            String first = o.out()
                    .lines()
                    .filter(l -> l.contains("Server performance:"))
                    .findFirst()
                    .orElseThrow();
            assertThat(first)
                    .containsPattern("Result is : (VALID|INVALID)")
                    .endsWith("Harness verdict : FAILED-SAMPLES");
            Path run = RunFixture.runDir(dir.resolve("out"));
            String failedLine = o.out()
                    .lines()
                    .filter(l -> l.strip().startsWith("Failed samples"))
                    .findFirst()
                    .orElseThrow();
            assertThat(failedLine)
                    .contains(
                            " samples failed (",
                            kind,
                            run.resolve("requests.csv").toString());
            assertAccounted(run, o);
            List<RequestRecord> records = RunOutputs.readRecords(run).requests();
            assertThat(records.stream().map(r -> FailureVerdict.kind(r.outcome())))
                    .as("failure kinds of %s", name)
                    .contains(kind);
            if (name.equals("stall")) {
                assertThat(records)
                        .filteredOn(r -> r.outcome() instanceof Outcome.Timeout)
                        .allMatch(r -> r.outcome().equals(new Outcome.Timeout(TimeoutPhase.IDLE, 1000)));
            }
        }
        assertThat(ProcessHandle.current().descendants().count())
                .as("processes left behind")
                .isLessThanOrEqualTo(children);
    }

    @Test
    void aServerThatCrashesMidRunEndsTheRunWithExit1AndEverySampleAccounted() throws Exception {
        SimulatorOptions options = SimulatorOptions.defaults()
                .with(Latency.fixed(5, 2))
                .with(Lifecycle.DEFAULTS.withExitAfterRequests(30));
        Path longConf = RunFixture.conf(
                dir, "long.conf", "llama3_1-8b.Server.min_duration = 60000", "llama3_1-8b.Server.target_qps = 40");
        try (SimulatorServer sim = SimulatorServer.start(options)) {
            RunFixture.Outcome o = run(sim.baseUrl(), List.of("--user-conf", longConf.toString()));

            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
            assertThat(o.errorLines()).as(o.err()).hasSize(1);
            assertThat(o.errorLines().get(0)).contains(sim.baseUrl(), "requests in a row");
            assertThat(o.out()).contains("stopped early", "Failed samples");
            Path run = RunFixture.runDir(dir.resolve("out"));
            assertAccounted(run, o);
            assertThat(sim.crashed()).isDone();
        }
    }

    /** Runs {@code harness run} against {@code url} with the matrix's flags, failing the test after the deadline. */
    private RunFixture.Outcome run(String url, List<String> more) throws Exception {
        List<String> a = new ArrayList<>(List.of(
                "run",
                "--model-category",
                "llama3.1-8b",
                "--dataset-path",
                data.toString(),
                "--scenario",
                "Server",
                "--user-conf",
                conf.toString(),
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
        a.addAll(more);
        return inThread(() -> RunFixture.harness(a.toArray(String[]::new))).get(RUN_DEADLINE_S, TimeUnit.SECONDS);
    }

    /** Runs {@code task} on a thread of its own (the common pool may have a single worker on a small machine). */
    static <T> CompletableFuture<T> inThread(java.util.function.Supplier<T> task) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread t = new Thread(
                () -> {
                    try {
                        f.complete(task.get());
                    } catch (Throwable e) {
                        f.completeExceptionally(e);
                    }
                },
                "harness-run");
        t.setDaemon(true);
        t.start();
        return f;
    }

    /**
     * The run directory holds the logs and summary; completed + failed = issued in summary.json, and every issued
     * sample is a row of the request table, failed ones with their reason; LoadGen's summary has no harness verdict.
     */
    static void assertAccounted(Path run, RunFixture.Outcome o) throws Exception {
        RunFixture.assertRunFiles(run);
        JsonNode samples = RunFixture.summary(run).at("/mlperf/samples");
        long issued = samples.get("issued").asLong();
        assertThat(issued).isPositive();
        assertThat(samples.get("completed").asLong() + samples.get("failed").asLong())
                .isEqualTo(issued);
        assertThat(samples.get("failed").asLong()).isPositive();
        assertThat(RunFixture.summary(run).at("/mlperf/harness_verdict").asText())
                .isEqualTo("FAILED-SAMPLES");
        assertThat(o.out())
                .contains(
                        "Samples",
                        issued + " issued: " + samples.get("completed").asLong() + " succeeded, "
                                + samples.get("failed").asLong() + " failed");
        List<RequestRecord> records = RunOutputs.readRecords(run).requests();
        assertThat(records.stream().mapToLong(RequestRecord::promptCount).sum())
                .as("samples in the request table")
                .isEqualTo(issued);
        assertThat(records.stream().filter(r -> !r.outcome().isOk()).count())
                .isEqualTo(samples.get("failed").asLong());
        assertThat(records)
                .filteredOn(r -> !r.outcome().isOk())
                .allSatisfy(r -> assertThat(r.outcome().describe()).isNotBlank());
        assertThat(Files.readString(run.resolve("mlperf/mlperf_log_summary.txt")))
                .doesNotContain("FAILED-SAMPLES");
        assertThat(Files.readString(run.resolve("harness.log"))).isNotEmpty();
    }
}
