package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.run.SilenceWatch;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.ServerProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code harness bench} end to end, in process, against a simulator on loopback. */
class BenchCommandTest {

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    Path out;

    private Map<String, String> env() {
        return Map.of(
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model", "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl());
    }

    @Test
    void aShortSanityRunWritesEveryFormatForItsStage() {
        BenchFixture.Outcome o = bench(
                out, env(), new BenchControl(), "-w", "sanity_random", "-o", "duration=2", "--tokenizer", "simulator");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        Path run = o.run();
        assertThat(BenchFixture.files(run))
                .contains(
                        "sanity_random.yaml",
                        "config.resolved.yaml",
                        "stage_0_lifecycle_metrics.json",
                        "summary_lifecycle_metrics.json",
                        "per_request_lifecycle_metrics.json",
                        "benchmark_report_v0.2,_stage_0_lifecycle_metrics.json.yaml",
                        "summary.json",
                        "requests.csv",
                        "requests.parquet")
                .anyMatch(f -> f.startsWith("openai-1.0qps-sim-model-") && f.endsWith(".json"));
        JsonNode stage = json(run.resolve("stage_0_lifecycle_metrics.json"));
        assertThat(stage.path("load_summary").path("count").asInt()).isEqualTo(2);
        assertThat(stage.path("load_summary").path("requested_rate").asDouble()).isEqualTo(1.0);
        assertThat(stage.path("successes")
                        .path("latency")
                        .path("time_to_first_token")
                        .path("median")
                        .asDouble())
                .isPositive();
        assertThat(stage.path("successes").has("prompt_len")).isTrue();
        assertThat(stage.path("successes").has("prompt_tokens")).isTrue();
        JsonNode summary = json(run.resolve("summary.json"));
        assertThat(summary.path("workload").path("harness").asText()).isEqualTo("inference-perf");
        assertThat(summary.path("workload").path("tokenizer").asText()).contains("simulator");
        assertThat(summary.path("stages")).hasSize(1);
        JsonNode m = summary.path("stages").path(0).path("metrics");
        for (String metric :
                List.of("ttft", "tpot", "itl_token", "itl_chunk", "ntpot", "time_per_request", "e2e_latency")) {
            JsonNode s = m.path("latency_ms").path(metric);
            assertThat(s.path("count").asLong()).as(metric).isPositive();
            for (String k : List.of("mean", "std", "min", "p0.1", "p1", "p50", "p99", "p99.9", "max")) {
                assertThat(s.has(k)).as(metric + "." + k).isTrue();
            }
        }
        assertThat(m.path("throughput").path("output_tokens_per_s").asDouble()).isPositive();
        assertThat(m.path("failure_rate").asDouble()).isZero();
        assertThat(o.out()).contains("stage 0: 2 requests, 2 ok", "read and run with inference-perf semantics");
        assertThat(o.errorLines()).isEmpty();
    }

    @Test
    void aDryRunPrintsTheRenderedProfileAndThePlanAndSendsNothing() {
        BenchFixture.Outcome o = bench(
                out, env(), new BenchControl(), "-w", "sanity_random", "-o", "min=20,total_count=200", "--dry-run");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.runs()).isEmpty();
        assertThat(o.out())
                .contains("    min: 20\n", "    total_count: 200\n", "base_url: " + sim.baseUrl(), "stage 0")
                .contains("dry run: nothing was sent");
    }

    @Test
    void theModelIsDiscoveredFromTheServerWhenNotGiven() {
        BenchFixture.Outcome o = bench(
                out,
                Map.of("LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl()),
                new BenchControl(),
                "-w",
                "sanity_random",
                "-o",
                "duration=1",
                "--tokenizer",
                "simulator",
                "--warmup-requests",
                "0");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out()).contains("model sim-model (GET " + sim.baseUrl() + "/v1/models)");
    }

    @Test
    void guidellmAndVllmBenchmarkProfilesRunOnTheSameEngineAndSaySo() {
        BenchFixture.Outcome g = bench(
                out,
                env(),
                new BenchControl(),
                "-l",
                "guidellm",
                "-w",
                "sanity_concurrent",
                "-o",
                "seconds=2",
                "--tokenizer",
                "simulator",
                "--warmup-requests",
                "0");
        assertThat(g.exit()).as(g.err()).isEqualTo(ExitCodes.OK);
        assertThat(g.out()).contains("read and run with guidellm semantics", "2 concurrent");
        BenchFixture.Outcome v = bench(
                out.resolve("v"),
                env(),
                new BenchControl(),
                "-l",
                "vllm-benchmark",
                "-w",
                "sanity_random",
                "-o",
                "num-prompts=4",
                "--tokenizer",
                "simulator",
                "--warmup-requests",
                "0");
        assertThat(v.exit()).as(v.err()).isEqualTo(ExitCodes.OK);
        assertThat(v.out()).contains("read and run with vllm-benchmark semantics", "stage 0: 4 requests, 4 ok");
        JsonNode vr = json(BenchFixture.files(v.run()).stream()
                .filter(f -> f.startsWith("openai-infqps-concurrency1-"))
                .map(v.run()::resolve)
                .findFirst()
                .orElseThrow());
        assertThat(vr.path("completed").asInt()).isEqualTo(4);
        assertThat(vr.path("max_concurrency").asInt()).isEqualTo(1);
        assertThat(vr.has("p99.9_ttft_ms")).isTrue();
        assertThat(vr.has("median_e2el_ms")).isTrue();
    }

    @Test
    void vllmLabelAndMetadataLandInTheResultJson() throws IOException {
        Path profile = out.resolve("labelled.yaml");
        Files.writeString(profile, """
                executable: benchmark_serving.py
                dataset-name: random
                random-input-len: 20
                random-output-len: 5
                num-prompts: 2
                max-concurrency: 1
                label: nightly
                metadata: "tp=1 gpu=h100"
                """);
        BenchFixture.Outcome v = bench(
                out.resolve("v"),
                env(),
                new BenchControl(),
                "-l",
                "vllm-benchmark",
                "-w",
                profile.toString(),
                "--warmup-requests",
                "0");
        assertThat(v.exit()).as(v.err()).isEqualTo(ExitCodes.OK);
        JsonNode vr = json(BenchFixture.files(v.run()).stream()
                .filter(f -> f.startsWith("openai-"))
                .map(v.run()::resolve)
                .findFirst()
                .orElseThrow());
        assertThat(vr.path("label").asText()).isEqualTo("nightly");
        assertThat(vr.path("tp").asText()).isEqualTo("1");
        assertThat(vr.path("gpu").asText()).isEqualTo("h100");
    }

    @Test
    void anUnsupportedHarnessIsOneClearLine() {
        BenchFixture.Outcome o = bench(out, env(), new BenchControl(), "-l", "fmperf");
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.errorLines()).singleElement().asString().contains("fmperf", "not supported yet", "nop");
    }

    @Test
    void environmentVariablesAreTheDefaultsOfTheFlags() {
        Map<String, String> env = Map.of(
                "LLMDBENCH_HARNESS_NAME", "inference-perf",
                "LLMDBENCH_HARNESS_EXPERIMENT_PROFILE", "sanity_random.yaml",
                "LLMDBENCH_HARNESS_EXPERIMENT_PROFILE_OVERRIDES", "duration=1,min=20",
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model",
                "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl());
        BenchFixture.Outcome o = bench(out, env, new BenchControl(), "--dry-run");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out()).contains("sanity_random.yaml.in", "duration: 1\n", "    min: 20\n");
    }

    @Test
    void aRunInterruptedMidStageWritesWhatItMeasured() throws Exception {
        BenchControl control = new BenchControl();
        double before = ServerProbe.completed(sim.baseUrl());
        Thread stopper = new Thread(() -> {
            try {
                // interrupt once the first stage's requests are being answered (wait on the event, with a deadline)
                ServerProbe.awaitCompleted(sim.baseUrl(), (int) before + 3, Duration.ofSeconds(60));
            } finally {
                control.interrupt(); // also when the deadline passed: the assertions below then say what happened
            }
        });
        stopper.start();
        BenchFixture.Outcome o = bench(
                out,
                env(),
                control,
                "-w",
                "sanity_random",
                "-o",
                "duration=60",
                "--tokenizer",
                "simulator",
                "--warmup-requests",
                "0");
        stopper.join();
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.INTERRUPTED);
        JsonNode summary = json(o.run().resolve("summary.json"));
        assertThat(summary.path("run").path("interrupted").asBoolean()).isTrue();
        assertThat(summary.path("stages").path(0).path("interrupted").asBoolean())
                .isTrue();
        long requests = summary.path("total").path("requests").asLong();
        assertThat(requests).isBetween(1L, 59L);
        assertThat(Files.exists(o.run().resolve("stage_0_lifecycle_metrics.json")))
                .isTrue();
        assertThat(Files.readAllLines(o.run().resolve("requests.csv"))).hasSize((int) requests + 1);
    }

    /**
     * Two concurrent streamed requests of {@code outputTokens} tokens to a simulator with fixed latencies (TTFT
     * {@code ttftMs}, ITL 1 or 20 ms), with the profile's {@code request_timeout} and no warm-up.
     */
    /** A run and the URL of the server it ran against. */
    private record Ran(BenchFixture.Outcome outcome, String url) {}

    private Ran twoRequests(
            String name, double ttftMs, double itlMs, String requestTimeout, int outputTokens, Map<String, String> env)
            throws IOException {
        try (SimulatorServer sim = SimulatorServer.start(io.llmharness.simulator.SimulatorOptions.defaults()
                .with(io.llmharness.simulator.Latency.fixed(ttftMs, itlMs)))) {
            assertThat(sim.awaitReady(30_000)).isTrue();
            Path profile = out.resolve(name + ".yaml");
            Files.writeString(
                    profile, """
                    load:
                      type: concurrent
                      request_timeout: %s
                      stages:
                      - concurrency_level: 2
                        num_requests: 2
                    api:
                      streaming: true
                    server:
                      base_url: %s
                    data:
                      type: random
                      input_distribution: {min: 10, max: 10, mean: 10, std_dev: 0}
                      output_distribution: {min: %d, max: %d, mean: %d, std_dev: 0}
                    """.formatted(requestTimeout, sim.baseUrl(), outputTokens, outputTokens, outputTokens));
            BenchFixture.Outcome o = bench(
                    out.resolve("runs"),
                    env,
                    new BenchControl(),
                    "-w",
                    profile.toString(),
                    "--tokenizer",
                    "simulator",
                    "--warmup-requests",
                    "0");
            return new Ran(o, sim.baseUrl());
        }
    }

    /** Requests the server never answers are said on the terminal once per interval until their timeout. */
    @Test
    void requestsThatHearNothingAreSaidOncePerInterval() throws Exception {
        Ran r = twoRequests("mute", 600_000, 1, "3", 10, Map.of(SilenceWatch.ENV, "0.5"));
        assertThat(r.outcome().exit()).as(r.outcome().err()).isEqualTo(ExitCodes.OK);
        assertThat(r.outcome().err())
                .containsPattern("harness: 2 requests silent for 0\\.5 s \\(oldest sent \\d+(\\.\\d)? s ago to "
                        + java.util.regex.Pattern.quote(r.url()));
    }

    @Test
    void requestTimeoutEndsSlowRequestsAsTimeoutFailures() throws Exception {
        BenchFixture.Outcome o =
                twoRequests("slow", 50, 20, "0.3", 100, Map.of()).outcome();
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        JsonNode stage = json(o.run().resolve("stage_0_lifecycle_metrics.json"));
        assertThat(stage.path("failures").path("count").asInt()).isEqualTo(2);
        assertThat(stage.path("failures")
                        .path("by_label")
                        .path("Timeout")
                        .path("count")
                        .asInt())
                .isEqualTo(2);
        JsonNode summary = json(o.run().resolve("summary.json"));
        assertThat(summary.path("total").path("failure_rate").asDouble()).isEqualTo(1.0);
        assertThat(summary.path("total")
                        .path("failures")
                        .path("reasons")
                        .path(0)
                        .path("message")
                        .asText())
                .contains("total timeout of 300 ms");
    }
}
