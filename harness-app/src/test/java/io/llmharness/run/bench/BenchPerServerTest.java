package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A workload run over two servers ({@code harness bench --endpoint a,b}) at 20 ms and 60 ms TTFT: each server gets
 * its own metric table in summary.json, the servers' counts and rates add up to the run's, each one's TTFT from send
 * is its setting (a floor) plus at most {@link #SLACK_MS}, and the slow one is named by the balance verdict on the terminal and
 * in the file.
 */
class BenchPerServerTest {

    /**
     * The simulator's fixed TTFT is a floor; a loopback round trip adds a millisecond, and two simulators sharing a
     * busy 2-core machine with the client add up to tens (the 20 ms and 60 ms servers stay apart far beyond this).
     */
    private static final double SLACK_MS = 35;

    @TempDir
    Path out;

    @Test
    void eachServerHasItsOwnTableAndTheSlowOneIsNamed() throws Exception {
        Path profile = Files.writeString(out.resolve("two_servers.yaml"), """
                load:
                  type: constant
                  stages:
                  - rate: 20
                    duration: 3
                api:
                  type: completion
                  streaming: true
                server:
                  type: vllm
                  ignore_eos: true
                data:
                  type: random
                  input_distribution: {min: 20, max: 40, mean: 30, std_dev: 5, total_count: 80}
                  output_distribution: {min: 4, max: 4, mean: 4, std_dev: 0, total_count: 80}
                """);
        try (SimulatorServer fast = sim(20);
                SimulatorServer slow = sim(60)) {
            BenchFixture.Outcome o = bench(
                    out.resolve("runs"),
                    Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model"),
                    new BenchControl(),
                    "-w",
                    profile.toString(),
                    "--endpoint",
                    fast.baseUrl() + "," + slow.baseUrl(),
                    "--tokenizer",
                    "simulator");
            assertThat(o.exit()).as(o.err()).isZero();
            JsonNode s = json(o.run().resolve("summary.json"));
            JsonNode e0 = s.path("endpoints").get(0);
            JsonNode e1 = s.path("endpoints").get(1);
            assertThat(e0.path("url").asText()).isEqualTo(fast.baseUrl());
            assertThat(e1.path("url").asText()).isEqualTo(slow.baseUrl());
            JsonNode total = s.path("total");
            assertThat(e0.at("/metrics/requests").asLong()
                            + e1.at("/metrics/requests").asLong())
                    .isEqualTo(total.path("requests").asLong())
                    .isEqualTo(60);
            assertThat(e0.path("share").asDouble() + e1.path("share").asDouble())
                    .isCloseTo(1.0, within(1e-9));
            assertThat(e0.at("/metrics/throughput/requests_per_s").asDouble()
                            + e1.at("/metrics/throughput/requests_per_s").asDouble())
                    .isCloseTo(total.at("/throughput/requests_per_s").asDouble(), within(1e-6));
            // each server's own TTFT: never below its setting (a floor), above it by at most what a busy machine adds
            assertThat(e0.at("/metrics/latency_ms/ttft_from_send/p50").asDouble())
                    .isBetween(20 - 1.0, 20 + SLACK_MS);
            assertThat(e1.at("/metrics/latency_ms/ttft_from_send/p50").asDouble())
                    .isBetween(60 - 1.0, 60 + SLACK_MS);
            JsonNode balance = s.path("balance");
            assertThat(balance.path("metric").asText()).isEqualTo("ttft_from_send");
            assertThat(balance.path("balanced").asBoolean())
                    .as(balance.toString())
                    .isFalse();
            assertThat(balance.path("outliers")).hasSize(1);
            assertThat(balance.at("/outliers/0/url").asText()).isEqualTo(slow.baseUrl());

            assertThat(o.out()).contains("server 0 " + fast.baseUrl(), "server 1 " + slow.baseUrl());
            assertThat(o.out().lines().filter(l -> l.contains("balance WARNING")))
                    .singleElement()
                    .satisfies(l -> assertThat(l).contains(slow.baseUrl()).doesNotContain(fast.baseUrl()));
            assertThat(Files.readString(o.run().resolve("config.resolved.yaml")))
                    .contains("base_urls", fast.baseUrl(), slow.baseUrl());
            assertThat(e0.path("max_in_flight").asLong())
                    .as("the client's counters\n" + e0)
                    .isPositive();
            assertThat(e0.has("connections_opened")).as(e0.toString()).isTrue();
            assertThat(Files.readString(o.run().resolve("report.html")))
                    .as("report.html: a table row and a chart line per server")
                    .contains("id=\"chart-ttft_by_server\"", "id=\"chart-requests_per_second_by_server\"")
                    .contains("server 1 " + slow.baseUrl());
        }
    }

    @Test
    void anEmptyEntryInTheListIsOneLineNamingTheFlag() {
        BenchFixture.Outcome o = bench(
                out.resolve("runs"),
                Map.of(),
                new BenchControl(),
                "-w",
                "sanity_random",
                "--endpoint",
                "http://127.0.0.1:1,,http://127.0.0.1:2");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.err()).contains("--endpoint '': not an http(s) URL", "comma-separated");
    }

    private static SimulatorServer sim(double ttftMs) {
        SimulatorServer s = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Http.DEFAULTS.withHost("127.0.0.1").withPort(0))
                .with(Latency.fixed(ttftMs, 1))
                .with(Capacity.DEFAULTS.withMaxNumSeqs(1_000)));
        assertThat(s.awaitReady(20_000)).isTrue();
        return s;
    }
}
