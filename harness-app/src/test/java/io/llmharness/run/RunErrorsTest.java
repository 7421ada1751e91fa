package io.llmharness.run;

import static io.llmharness.run.RunFixture.harness;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Faults;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.FreePort;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad input of {@code harness run} gives exactly one clear line naming its source, and the right exit code. */
class RunErrorsTest {

    @TempDir
    Path dir;

    private Path data;

    @BeforeEach
    void fixtures() {
        data = RunFixture.dataset(dir, 8);
    }

    private RunFixture.Outcome run(String... more) {
        return runInto(out(), more);
    }

    private static RunFixture.Outcome runInto(Path outputDir, String... more) {
        List<String> a = new ArrayList<>(List.of(
                "run", "--model-category", "llama3.1-8b", "--progress", "off", "--output-dir", outputDir.toString()));
        a.addAll(List.of(more));
        return harness(a.toArray(String[]::new));
    }

    /** {@code harness run} against the embedded simulator, on the test's dataset. */
    private RunFixture.Outcome simulated(String... more) {
        List<String> a = new ArrayList<>(List.of("--simulate", "--dataset-path", data.toString()));
        a.addAll(List.of(more));
        return run(a.toArray(String[]::new));
    }

    /** {@code harness run} against the server at {@code url}, on the test's dataset. */
    private RunFixture.Outcome against(String url, String... more) {
        List<String> a = new ArrayList<>(List.of("--api-server-url", url, "--dataset-path", data.toString()));
        a.addAll(List.of(more));
        return run(a.toArray(String[]::new));
    }

    private Path out() {
        return dir.resolve("out");
    }

    private static void oneLine(RunFixture.Outcome o, int exit, String... fragments) {
        assertThat(o.exit()).as(o.err()).isEqualTo(exit);
        assertThat(o.errorLines()).as(o.err()).hasSize(1);
        assertThat(o.errorLines().get(0)).contains(fragments);
        assertThat(o.err()).doesNotContain("\tat ", "Exception");
    }

    @Test
    void missingDatasetFile() {
        oneLine(
                run("--simulate", "--dataset-path", dir.resolve("cnn_evl.json").toString()),
                ExitCodes.INVALID_CONFIG,
                "cnn_evl.json",
                "--dataset-path");
        assertThat(out()).doesNotExist();
    }

    @Test
    void unknownColumnOverride() {
        oneLine(
                simulated("--input-ids-column", "ids"),
                ExitCodes.INVALID_CONFIG,
                "'ids'",
                "--input-ids-column",
                "tok_input");
    }

    @Test
    void emptyDataset() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.json"), "[]");
        oneLine(
                run("--simulate", "--dataset-path", empty.toString()),
                ExitCodes.INVALID_CONFIG,
                "empty.json",
                "no rows");
    }

    @Test
    void unsupportedPickle() throws URISyntaxException {
        Path pkl = Path.of(getClass().getResource("/datasets/categorical.pkl").toURI());
        oneLine(
                run("--simulate", "--dataset-path", pkl.toString()),
                ExitCodes.INVALID_CONFIG,
                "categorical.pkl",
                "categorical");
    }

    @Test
    void moreSamplesThanTheDatasetHas() {
        oneLine(simulated("--num-samples", "9"), ExitCodes.INVALID_CONFIG, "--num-samples 9", "(8)");
    }

    @Test
    void negativeNumSamplesIsAUsageErrorThatSaysZeroMeansAllRows() {
        oneLine(simulated("--num-samples", "-1"), ExitCodes.USAGE, "--num-samples -1: must be 0 (all rows) or more");
    }

    @Test
    void datasetWhoseContentContradictsItsNameIsOneWarningLine() throws Exception {
        Path misnamed = dir.resolve("pkl_as.json");
        Files.copy(Path.of(getClass().getResource("/datasets/small_lists.pkl").toURI()), misnamed);

        RunFixture.Outcome o = run(
                "--simulate",
                "--dataset-path",
                misnamed.toString(),
                "--test-mode",
                "accuracy",
                "--generation-config",
                RunFixture.shortOutputs(dir, 8).toString());

        // the run completes; its accuracy is then scored, and the simulator's words fail the targets
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        assertThat(o.out()).contains("accuracy: done");
        assertThat(o.err().lines().filter(l -> l.contains("pkl_as.json is named like")))
                .containsExactly("harness: warning: Dataset " + misnamed
                        + " is named like JSON but its content is a pickle; reading it as a pickle");
    }

    @Test
    void aCacheDirThatCannotBeWrittenIsAWarningAndTheRunGoesOn() throws Exception {
        Path notADir = Files.writeString(dir.resolve("cache-is-a-file"), "x");
        RunFixture.Outcome o = simulated(
                "--test-mode",
                "accuracy",
                "--dataset-cache-dir",
                notADir.toString(),
                "--generation-config",
                RunFixture.shortOutputs(dir, 8).toString());

        // the run goes on to the end and is scored (the simulator's words fail the accuracy targets)
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.RESULT_INVALID);
        assertThat(o.out()).contains("accuracy: done");
        assertThat(o.err().lines().filter(l -> l.contains("--dataset-cache-dir")))
                .singleElement()
                .asString()
                .startsWith("harness: warning: --dataset-cache-dir " + notADir + ": not used, cannot write")
                .endsWith("the dataset is parsed on every run");
    }

    @Test
    void unknownScenarioAndTestMode() {
        oneLine(simulated("--scenario", "Batch"), ExitCodes.USAGE, "--scenario 'Batch'");
        oneLine(simulated("--test-mode", "submission"), ExitCodes.USAGE, "--test-mode 'submission'");
        oneLine(
                simulated("--scenario", "MultiStream"),
                ExitCodes.USAGE,
                "--scenario MultiStream: llama3.1-8b does not define it");
    }

    @Test
    void inconsistentFlags() {
        oneLine(
                run("--simulate", "--api-server-url", "http://localhost:9", "--dataset-path", data.toString()),
                ExitCodes.USAGE,
                "--simulate");
        oneLine(
                simulated("--scenario", "Server", "--max-in-flight", "4"),
                ExitCodes.USAGE,
                "--max-in-flight",
                "never throttled");
        oneLine(
                simulated("--lb-policy", "random"),
                ExitCodes.USAGE,
                "--lb-policy: unknown load-balancing policy 'random'");
        oneLine(simulated("--endpoint-type", "foo"), ExitCodes.USAGE, "--endpoint-type: unknown endpoint type 'foo'");
        oneLine(simulated("--max-retries", "-1"), ExitCodes.USAGE, "--max-retries -1", "0 (never resend) or more");
        // the same words as harness bench's (BenchClientHealthCommandTest)
        oneLine(
                simulated("--client-health-threshold", "cpu_share=2"),
                ExitCodes.USAGE,
                "--client-health-threshold cpu_share=2: cpu_share=2: must be a fraction in (0, 1]");
        oneLine(
                simulated("--user-conf", dir.resolve("no.conf").toString()),
                ExitCodes.INVALID_CONFIG,
                "--user-conf",
                "no.conf");
    }

    @Test
    void badAccessFlagsAreOneLineBeforeAnythingStarts() {
        oneLine(
                simulated("--header", "X-Route gpu"),
                ExitCodes.USAGE,
                "--header 'X-Route gpu': write it as 'Name: value'");
        oneLine(
                simulated("--header", "Accept: text/plain"),
                ExitCodes.USAGE,
                "--header Accept: the client sets this header itself");
        oneLine(
                simulated("--idle-timeout", "0"),
                ExitCodes.USAGE,
                "--idle-timeout 0.0: must be a number of seconds above 0");
        oneLine(
                simulated("--max-failure-rate", "5"),
                ExitCodes.USAGE,
                "--max-failure-rate 5.0: must be a share from 0");
        oneLine(
                against(
                        "https://127.0.0.1:9",
                        "--ca-cert",
                        dir.resolve("ca.pem").toString()),
                ExitCodes.INVALID_CONFIG,
                "--ca-cert " + dir.resolve("ca.pem") + ": no such file");
        assertThat(out()).as("no run directory").doesNotExist();
    }

    @Test
    void unreachableServerUrl() throws Exception {
        int port = FreePort.pick();
        String url = "http://127.0.0.1:" + port;
        oneLine(against(url), ExitCodes.EXECUTION_FAILURE, "cannot reach the server at " + url, "--api-server-url");
        assertThat(out()).as("no run directory for a run that never started").doesNotExist();
    }

    @Test
    void anOutputDirThatCannotBeCreatedIsNamedWithTheReason() throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        RunFixture.Outcome o = runInto(file.resolve("runs"), "--simulate", "--dataset-path", data.toString());
        oneLine(o, ExitCodes.INVALID_CONFIG, "--output-dir", "cannot create the run directory", "Not a directory");
        assertThat(o.errorLines().get(0)).doesNotEndWith(": " + file.resolve("runs"));
    }

    @Test
    void aServerThatClosesWithoutAnsweringIsSaidSo() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread closer = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        server.accept().close();
                    } catch (java.io.IOException e) {
                        return;
                    }
                }
            });
            closer.setDaemon(true);
            closer.start();
            String url = "http://127.0.0.1:" + server.getLocalPort();
            oneLine(
                    against(url),
                    ExitCodes.EXECUTION_FAILURE,
                    "cannot reach the server at " + url,
                    "closed the connection before answering");
        }
    }

    @Test
    void aHostNameThatDoesNotResolveIsSaidSo() {
        oneLine(
                against("http://no-such-host.invalid:8000"),
                ExitCodes.EXECUTION_FAILURE,
                "cannot reach the server at http://no-such-host.invalid:8000",
                "did not resolve",
                "check the host name");
    }

    @Test
    void aBaseUrlEndingInV1ThatGets404IsToldToDropIt() {
        // the simulator answers /v1/models but not /v1/v1/models: the probe's path got 404
        try (SimulatorServer sim = SimulatorServer.start(SimulatorOptions.defaults())) {
            RunFixture.Outcome o = against(sim.baseUrl() + "/v1");
            oneLine(o, ExitCodes.EXECUTION_FAILURE, "HTTP 404", "drop the trailing /v1 (give " + sim.baseUrl() + ")");
            assertThat(o.errorLines().get(0)).doesNotContain("wait until it has loaded the model");
        }
    }

    @Test
    void theSameUrlTwiceIsAWarning() {
        assertThat(RunPlanner.repeatedUrls(List.of("http://a:1", "http://b:1", "http://A:1/")))
                .singleElement()
                .asString()
                .contains("http://a:1 2 times", "give each server once");
        assertThat(RunPlanner.repeatedUrls(List.of("http://a:1", "http://a:2"))).isEmpty();
    }

    @Test
    void aServerUrlWithoutSchemeIsHttpAndABrokenOneIsNamed() {
        // no scheme: http:// is assumed, so this is an unreachable server, named with its scheme
        oneLine(against("notaurl:9"), ExitCodes.EXECUTION_FAILURE, "http://notaurl:9");
        oneLine(
                against("http://bad host:80"),
                ExitCodes.INVALID_CONFIG,
                "--api-server-url",
                "'http://bad host:80' is not a usable server URL");
    }

    @Test
    void aServerThatAnswers400ToEverythingStopsTheRunWithItsMessage() throws Exception {
        Path conf = RunFixture.conf(
                dir, "s.conf", "llama3_1-8b.Server.min_duration = 20000", "llama3_1-8b.Server.target_qps = 50");
        try (SimulatorServer sim = SimulatorServer.start(
                SimulatorOptions.defaults().with(Latency.fixed(5, 5)).with(Faults.DEFAULTS.withFault("status=400")))) {
            RunFixture.Outcome o = against(
                    sim.baseUrl(),
                    "--scenario",
                    "Server",
                    "--user-conf",
                    conf.toString(),
                    "--max-consecutive-failures",
                    "5");
            oneLine(
                    o,
                    ExitCodes.EXECUTION_FAILURE,
                    sim.baseUrl(),
                    "requests in a row",
                    "HTTP 400",
                    "Injected error with status 400");
            // at least the limit: failures seen at the same moment on two event loops can both count before the
            // abort is decided (the warm start has 32 requests in flight)
            assertThat(o.errorLines().get(0)).containsPattern("failed ([5-9]|[1-9][0-9]+) requests in a row");
            assertThat(o.out()).contains("stopped early");
            Path run = RunFixture.runDir(out());
            RunFixture.assertRunFiles(run);
            // stopped long before min_duration: LoadGen's test was aborted, and 20 s at 50 QPS would have issued
            // about 1000 queries (the requests table may also hold the failed warm-up requests, so it is not counted)
            JsonNode results = RunFixture.summary(run).at("/mlperf/results");
            assertThat(results.at("/Aborted").asBoolean())
                    .as("LoadGen test aborted")
                    .isTrue();
            assertThat(results.at("/Queries issued").asLong())
                    .as("queries issued")
                    .isLessThan(500);
            assertThat(RunFixture.summary(run)
                            .at("/failures/by_kind/HTTP_ERROR")
                            .asInt())
                    .isGreaterThanOrEqualTo(5);
        }
    }

    @Test
    void aServerTurningRequestsAwayWith429GetsThemResentAndTheKeyLinesSaySo() throws Exception {
        Path conf = RunFixture.conf(
                dir,
                "s.conf",
                "llama3_1-8b.Server.min_duration = 1000",
                "llama3_1-8b.Server.min_query_count = 60",
                "llama3_1-8b.Server.target_qps = 60");
        // one running slot, one waiting place: a Poisson burst is turned away with 429
        try (SimulatorServer sim = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Http.DEFAULTS.withHost("127.0.0.1").withPort(0))
                .with(Capacity.DEFAULTS.withMaxNumSeqs(1))
                .with(Latency.fixed(10, 2))
                .with(Admission.DEFAULTS.withMaxWaitingQueueLength(1)))) {
            RunFixture.Outcome o = against(
                    sim.baseUrl(),
                    "--scenario",
                    "Server",
                    "--user-conf",
                    conf.toString(),
                    "--max-tokens",
                    "2",
                    "--max-retries",
                    "8",
                    "--warmup-requests",
                    "0");
            assertThat(o.exit()).as(o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);
            Path run = RunFixture.runDir(out());
            JsonNode endpoint = RunFixture.summary(run).at("/endpoints/0");
            long resent = endpoint.get("overload_retries").asLong();
            assertThat(resent).isPositive();
            assertThat(o.out()).contains("Overload answers", resent + " answers of 429/503 were retried");
            // a record's retries are its 429 resends plus, on a busy machine, a resend after a pooled connection
            // closed as it was handed out
            assertThat(RunFixture.columnSum(run, "retries"))
                    .isEqualTo(resent + endpoint.get("stale_retries").asLong());
        }
    }
}
