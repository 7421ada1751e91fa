package io.llmharness.run;

import static io.llmharness.run.RunFixture.harness;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-server results end to end: {@code harness run} over two real simulators, one with a TTFT of 20 ms and one of
 * 60 ms. Each server's {@code endpoints} entry in summary.json carries its own latency, throughput and share, the
 * servers' figures add up to the run's, and the slow one is named as the outlier on the terminal and in the
 * {@code balance} section.
 */
@Tag("slow")
class PerServerRunTest {

    @TempDir
    Path dir;

    @Test
    void eachServerHasItsOwnFiguresAndTheSlowOneIsNamed() throws Exception {
        Path data = RunFixture.dataset(dir, 64);
        Path conf = RunFixture.conf(
                dir,
                "u.conf",
                "llama3_1-8b.Server.min_duration = 3000",
                "llama3_1-8b.Server.min_query_count = 40",
                "llama3_1-8b.Server.target_qps = 10");
        Path gen = RunFixture.shortOutputs(dir, 4);
        try (SimulatorServer fast = sim(20);
                SimulatorServer slow = sim(60)) {
            RunFixture.Outcome o = harness(
                    "run",
                    "--model-category",
                    "llama3.1-8b",
                    "--scenario",
                    "Server",
                    "--progress",
                    "off",
                    "--api-server-url",
                    fast.baseUrl() + "," + slow.baseUrl(),
                    "--dataset-path",
                    data.toString(),
                    "--user-conf",
                    conf.toString(),
                    "--generation-config",
                    gen.toString(),
                    "--output-dir",
                    dir.resolve("out").toString());
            assertThat(o.errorLines()).isEmpty();
            assertThat(o.exit()).as(o.err()).isIn(ExitCodes.OK, ExitCodes.RESULT_INVALID);

            Path run = RunFixture.runDir(dir.resolve("out"));
            JsonNode s = RunFixture.summary(run);

            JsonNode e0 = s.path("endpoints").get(0);
            JsonNode e1 = s.path("endpoints").get(1);
            assertThat(e0.path("url").asText()).isEqualTo(fast.baseUrl());
            assertThat(e1.path("url").asText()).isEqualTo(slow.baseUrl());
            // A simulator's fixed TTFT is a floor of TTFT from send: the loopback round trip and a busy machine's
            // scheduling delays only add to it, by an amount no test on shared cores can bound (a band of 15 ms
            // around each setting was a speed figure). Each server's own figure is told apart by causality instead:
            // each median is at least its own server's floor, and the fast one's is the lower: a figure pooled over
            // both servers, or taken from the other one, would break one of the three (0.1 ms allows for the
            // histogram's three significant digits).
            double fastP50 =
                    e0.path("latency").path("ttft_from_send").path("p50").asDouble();
            double slowP50 =
                    e1.path("latency").path("ttft_from_send").path("p50").asDouble();
            assertThat(fastP50)
                    .as("fast server's TTFT p50 ms")
                    .isGreaterThanOrEqualTo(19.9)
                    .isLessThan(slowP50);
            assertThat(slowP50).as("slow server's TTFT p50 ms").isGreaterThanOrEqualTo(59.9);
            // the pooled inter-token histograms are the client's, not a server's
            assertThat(e0.path("latency").has("itl_chunk")).isFalse();

            // the servers' figures add up to the run's
            JsonNode all = s.path("metrics");
            assertThat(e0.path("measured_requests").asLong()
                            + e1.path("measured_requests").asLong())
                    .isEqualTo(all.path("requests").path("issued").asLong());
            assertThat(e0.path("output_tokens").asLong()
                            + e1.path("output_tokens").asLong())
                    .isEqualTo(all.path("tokens").path("output_total").asLong());
            assertThat(e0.path("share").asDouble() + e1.path("share").asDouble())
                    .isCloseTo(1.0, within(1e-9));
            assertThat(e0.path("throughput").path("requests_per_second").asDouble()
                            + e1.path("throughput").path("requests_per_second").asDouble())
                    .isCloseTo(
                            all.path("throughput").path("requests_per_second").asDouble(), within(1e-6));

            JsonNode balance = s.path("balance");
            assertThat(balance.path("metric").asText()).isEqualTo("ttft_from_send");
            assertThat(balance.path("balanced").asBoolean()).isFalse();
            assertThat(balance.path("outliers")).hasSize(1);
            assertThat(balance.path("outliers").get(0).path("url").asText()).isEqualTo(slow.baseUrl());

            assertThat(o.out()).contains("Servers", fast.baseUrl(), slow.baseUrl());
            assertThat(o.out().lines().filter(l -> l.contains("Balance WARNING")))
                    .singleElement()
                    .satisfies(l -> assertThat(l).contains(slow.baseUrl()).doesNotContain(fast.baseUrl()));
            assertThat(Files.readString(run.resolve("summary.json"))).contains("\"balance\"");

            // report.html: the per-server charts have one series per server
            String html = Files.readString(run.resolve("report.html"));
            for (String chart : List.of("requests_per_second_by_server", "ttft_by_server")) {
                Matcher m = Pattern.compile(
                                "<svg class=\"chart\" id=\"chart-" + chart + "\"[^>]* data-points=\"(\\d+)\"")
                        .matcher(html);
                assertThat(m.find()).as(chart + " in report.html").isTrue();
                assertThat(Integer.parseInt(m.group(1))).as(chart).isPositive();
                assertThat(run.resolve("charts").resolve(chart + ".png")).exists();
            }
            assertThat(html).contains("server 0 " + fast.baseUrl(), "server 1 " + slow.baseUrl());
        }
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
