package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Faults;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.testing.SecretSearch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workload mode reaches real endpoints as MLPerf mode does: a key-protected simulator ({@code harness sim --api-key
 * K}) is measured with {@code --api-key} or the profile's {@code server.api_key}, and the key is in no file of the run
 * directory; the profile's {@code load.request_timeout} bounds each request; failed requests are reported, and fail
 * the run (FAILED-REQUESTS, exit 5) only with {@code --max-failure-rate}.
 */
class BenchAccessTest {

    @TempDir
    Path dir;

    private final String key = "sk-bench-" + UUID.randomUUID();
    private final String headerSecret = "hdr-" + UUID.randomUUID();

    private Path profile(String... extraServerLines) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "load:",
                "  type: concurrent",
                "  stages:",
                "  - num_requests: 12",
                "    concurrency_level: 4",
                "api:",
                "  type: completion",
                "  streaming: true",
                "data:",
                "  type: mock",
                "server:",
                "  type: vllm"));
        for (String l : extraServerLines) {
            lines.add("  " + l);
        }
        return Files.writeString(dir.resolve("p-" + UUID.randomUUID() + ".yaml"), String.join("\n", lines) + "\n");
    }

    /** {@code harness bench -w PROFILE ARGS} into {@code dir/out}, with an empty environment. */
    private BenchFixture.Outcome benchProfile(Path profile, String... args) {
        return benchProfile(dir.resolve("out"), Map.of(), profile, args);
    }

    /** {@code harness bench -w PROFILE ARGS} into {@code outputDir}, with {@code env} as the environment. */
    private static BenchFixture.Outcome benchProfile(
            Path outputDir, Map<String, String> env, Path profile, String... args) {
        String[] all = Stream.concat(Stream.of("-w", profile.toString()), Stream.of(args))
                .toArray(String[]::new);
        return bench(outputDir, env, new BenchControl(), all);
    }

    private static SimulatorServer simulator(SimulatorOptions options) {
        SimulatorServer s = SimulatorServer.start(options);
        if (!s.awaitReady(30_000)) {
            s.close();
            throw new AssertionError("simulator not ready within 30 s");
        }
        return s;
    }

    private SimulatorServer protectedSim() {
        return simulator(
                SimulatorOptions.defaults().with(Latency.fixed(2, 0.5)).with(Admission.DEFAULTS.withApiKey(key)));
    }

    private static void assertNowhere(BenchFixture.Outcome o, String... secrets) {
        SecretSearch.assertNowhere(
                o.run(), List.of("summary.json", "config.resolved.yaml"), o.out() + o.err(), secrets);
    }

    @Test
    void aKeyProtectedSimulatorIsMeasuredWithApiKeyAndTheKeyIsInNoFile() throws IOException {
        try (SimulatorServer sim = protectedSim()) {
            BenchFixture.Outcome o = benchProfile(
                    profile(),
                    "--endpoint",
                    sim.baseUrl(),
                    "--api-key",
                    key,
                    "--header",
                    "X-Api-Key: " + headerSecret,
                    "--header",
                    "X-Route: blue",
                    "--warmup-requests",
                    "2");
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
            JsonNode summary = json(o.run().resolve("summary.json"));
            assertThat(summary.path("harness_verdict").asText()).isEqualTo("OK");
            assertThat(summary.at("/requests/issued").asLong()).isEqualTo(12);
            assertThat(summary.at("/requests/failed").asLong()).isZero();
            assertNowhere(o, key, headerSecret);
            assertThat(Files.readString(o.run().resolve("config.resolved.yaml")))
                    .contains("api_key: <redacted>", "api_key_from: --api-key", "X-Api-Key: <redacted>")
                    .contains("X-Route: blue");
            assertThat(summary.at("/run/command_line").toString())
                    .contains("--api-key\",\"<redacted>", "X-Api-Key: <redacted>");
        }
    }

    @Test
    void withSimulateTheEmbeddedSimulatorRequiresTheKeyAndGetsIt() throws IOException {
        BenchFixture.Outcome o = benchProfile(profile(), "--simulate", "--api-key", key, "--warmup-requests", "0");
        assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
        assertThat(json(o.run().resolve("summary.json")).at("/requests/failed").asLong())
                .isZero();
        assertNowhere(o, key);
        try (BenchTarget locked = BenchTarget.simulate(null, io.llmharness.secret.Secret.of(key, "test"), l -> {});
                io.llmharness.backend.HealthProbe probe = new io.llmharness.backend.HealthProbe()) {
            assertThat(probe.get(locked.baseUrl() + "/v1/models", java.time.Duration.ofSeconds(5))
                            .status())
                    .as("the embedded simulator refuses a request without the key")
                    .isEqualTo(401);
        }
    }

    @Test
    void theProfilesApiKeyIsSentAndNeverWritten() throws IOException {
        try (SimulatorServer sim = protectedSim()) {
            BenchFixture.Outcome o =
                    benchProfile(profile("api_key: " + key, "base_url: " + sim.baseUrl()), "--warmup-requests", "0");
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.OK);
            assertThat(json(o.run().resolve("summary.json"))
                            .at("/requests/failed")
                            .asLong())
                    .isZero();
            assertNowhere(o, key);
            assertThat(Files.readString(o.run().resolve("config.resolved.yaml")))
                    .contains("server.api_key");
        }
    }

    @Test
    void withoutTheKeyEveryRequestIsRefusedAndTheRunSaysSo() throws IOException {
        try (SimulatorServer sim = protectedSim()) {
            BenchFixture.Outcome o = benchProfile(
                    profile("model_name: m"),
                    "--endpoint",
                    sim.baseUrl(),
                    "--warmup-requests",
                    "0",
                    "--max-consecutive-failures",
                    "5");
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
            assertThat(o.errorLines())
                    .as(o.err())
                    .singleElement()
                    .asString()
                    .contains("HTTP 401", "--api-key KEY")
                    .doesNotContain("wait until");
            assertThat(o.runs())
                    .as("nothing is written before the server answers")
                    .isEmpty();
        }
    }

    @Test
    void aWrongKeyIsNamedBySourceButNotShown() throws IOException {
        try (SimulatorServer sim = protectedSim()) {
            String wrong = "sk-wrong-" + UUID.randomUUID();
            BenchFixture.Outcome o = benchProfile(
                    dir.resolve("out"),
                    Map.of("OPENAI_API_KEY", wrong),
                    profile("model_name: m"),
                    "--endpoint",
                    sim.baseUrl());
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.EXECUTION_FAILURE);
            assertThat(o.errorLines())
                    .singleElement()
                    .asString()
                    .contains("HTTP 401", "environment variable OPENAI_API_KEY", "was refused");
            assertThat(o.out() + o.err()).doesNotContain(wrong);
        }
    }

    @Test
    void failedRequestsFailTheRunOnlyWithMaxFailureRate() throws IOException {
        SimulatorOptions faulty = SimulatorOptions.defaults()
                .with(Latency.fixed(2, 0.5))
                .with(Faults.DEFAULTS.withFault("status=500").withFaultRate(50))
                .withSeed(7);
        try (SimulatorServer sim = simulator(faulty)) {
            Path profile = profile();
            List<String> common =
                    List.of("--endpoint", sim.baseUrl(), "--warmup-requests", "0", "--max-consecutive-failures", "0");
            BenchFixture.Outcome judged = benchProfile(
                    dir.resolve("judged"),
                    Map.of(),
                    profile,
                    Stream.concat(common.stream(), Stream.of("--max-failure-rate", "0"))
                            .toArray(String[]::new));
            assertThat(judged.exit()).as(judged.out() + judged.err()).isEqualTo(ExitCodes.FAILED_SAMPLES);
            assertThat(judged.out())
                    .contains("Harness verdict: FAILED-REQUESTS", "requests failed", "HTTP 500", "requests.csv");
            JsonNode summary = json(judged.run().resolve("summary.json"));
            assertThat(summary.path("harness_verdict").asText()).isEqualTo("FAILED-REQUESTS");
            JsonNode counts = summary.path("requests");
            assertThat(counts.path("failed").asLong()).isPositive();
            assertThat(counts.path("completed").asLong() + counts.path("failed").asLong())
                    .isEqualTo(counts.path("issued").asLong())
                    .isEqualTo(12);
            assertThat(counts.at("/failed_by_kind/HTTP 500").asLong())
                    .isEqualTo(counts.path("failed").asLong());

            BenchFixture.Outcome reported =
                    benchProfile(dir.resolve("reported"), Map.of(), profile, common.toArray(String[]::new));
            assertThat(reported.exit()).as(reported.out() + reported.err()).isEqualTo(ExitCodes.OK);
            assertThat(reported.out()).contains("requests failed", "--max-failure-rate");
            JsonNode s2 = json(reported.run().resolve("summary.json"));
            assertThat(s2.path("harness_verdict").asText()).isEqualTo("OK");
            assertThat(s2.at("/requests/max_failure_rate").isNull()).isTrue();
            assertThat(s2.at("/requests/failed").asLong()).isPositive();
        }
    }

    @Test
    void theProfilesRequestTimeoutEndsSlowRequests() throws IOException {
        SimulatorOptions slow = SimulatorOptions.defaults()
                .with(Latency.fixed(2, 0.5))
                .with(Faults.DEFAULTS.withFault("slow-headers-ms=20000").withFaultRate(100));
        try (SimulatorServer sim = simulator(slow)) {
            Path p = Files.writeString(dir.resolve("timeout.yaml"), """
                    load:
                      type: concurrent
                      request_timeout: 0.5
                      stages:
                      - num_requests: 4
                        concurrency_level: 4
                    api:
                      type: completion
                    data:
                      type: mock
                    server:
                      model_name: m
                    """);
            BenchFixture.Outcome o = benchProfile(
                    p,
                    "--endpoint",
                    sim.baseUrl(),
                    "--warmup-requests",
                    "0",
                    "--max-consecutive-failures",
                    "0",
                    "--max-failure-rate",
                    "0.5");
            assertThat(o.exit()).as(o.out() + o.err()).isEqualTo(ExitCodes.FAILED_SAMPLES);
            JsonNode summary = json(o.run().resolve("summary.json"));
            assertThat(summary.at("/requests/failed_by_kind/request timeout").asLong())
                    .isEqualTo(4);
            assertThat(Files.readString(o.run().resolve("config.resolved.yaml")))
                    .contains("request_timeout_s: 0.5");
        }
    }

    @Test
    void aBadMaxFailureRateIsAUsageError() throws IOException {
        BenchFixture.Outcome o =
                benchProfile(profile("base_url: http://127.0.0.1:9"), "--max-failure-rate", "2", "--dry-run");
        assertThat(o.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.errorLines()).singleElement().asString().contains("--max-failure-rate 2.0");
    }

    @Test
    void anOutputDirThatIsAFileIsAnInputError() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        BenchFixture.Outcome o =
                benchProfile(file.resolve("runs"), Map.of(), profile(), "--simulate", "--warmup-requests", "0");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(o.errorLines()).singleElement().asString().contains("--output-dir", "Not a directory");
    }
}
