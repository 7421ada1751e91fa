package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.llmharness.testing.FreePort;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile's {@code metrics: prometheus} section: after the run, {@code harness bench} asks that Prometheus server
 * with inference-perf's queries and writes {@code summary_prometheus_metrics.json} and, with
 * {@code report.prometheus.per_stage}, {@code stage_<id>_prometheus_metrics.json}. Checked against a recording fake
 * (exact queries, filters, evaluation times), against Debian's real Prometheus scraping the simulator (the queries are
 * valid PromQL and the numbers are the simulator's), and against a Prometheus that is not there.
 */
class PrometheusReportsTest {

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    Path out;

    private Path profile(String prometheusUrl, boolean perStage) throws IOException {
        return Files.writeString(out.resolve("prom.yaml"), """
                load:
                  type: constant
                  stages:
                  - rate: 10
                    duration: 2
                  - rate: 20
                    duration: 2
                api:
                  type: completion
                  streaming: true
                server:
                  type: vllm
                  ignore_eos: true
                data:
                  type: random
                  input_distribution: {min: 20, max: 40, mean: 30, std_dev: 5, total_count: 80}
                  output_distribution: {min: 5, max: 10, mean: 8, std_dev: 1, total_count: 80}
                report:
                  prometheus:
                    per_stage: %s
                metrics:
                  type: prometheus
                  prometheus:
                    url: %s
                    scrape_interval: 1
                    filters:
                    - job="sim"
                """.formatted(perStage, prometheusUrl));
    }

    private BenchFixture.Outcome run(Path profile) {
        return bench(
                out.resolve("runs"),
                Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model"),
                new BenchControl(),
                "-w",
                profile.toString(),
                "--endpoint",
                sim.baseUrl(),
                "--tokenizer",
                "simulator");
    }

    @Test
    void theRunAsksWithInferencePerfsQueriesAndWritesTheReports() throws Exception {
        List<String[]> asked = Collections.synchronizedList(new ArrayList<>());
        HttpServer fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        fake.createContext("/api/v1/query", ex -> {
            String q = URLDecoder.decode(ex.getRequestURI().getRawQuery(), StandardCharsets.UTF_8);
            String query = q.substring(q.indexOf("query=") + 6, q.indexOf("&time="));
            String time = q.substring(q.indexOf("&time=") + 6);
            asked.add(new String[] {query, time});
            String value =
                    query.startsWith("sum(increase(") ? "42" : query.startsWith("histogram_quantile") ? "NaN" : "0.25";
            String result = query.contains("mm_cache")
                    ? "[]" // a series the server does not export: no result, counted 0
                    : "[{\"metric\":{},\"value\":[" + time + ",\"" + value + "\"]}]";
            byte[] body = ("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":" + result + "}}")
                    .getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        fake.start();
        try {
            Instant before = Instant.now();
            BenchFixture.Outcome o =
                    run(profile("http://127.0.0.1:" + fake.getAddress().getPort() + "/", true));
            assertThat(o.exit()).as(o.err()).isZero();
            assertThat(o.err())
                    .contains("waiting 3 s for Prometheus at http://127.0.0.1:")
                    .doesNotContain("refused");
            Path run = o.run();
            JsonNode summary = json(run.resolve("summary_prometheus_metrics.json"));
            assertThat(summary.fieldNames())
                    .toIterable()
                    .containsExactly("benchmark_time_seconds", "load_summary", "successes", "failures");
            assertThat(summary.at("/successes/count").asDouble()).isEqualTo(42.0);
            assertThat(summary.at("/successes/request_latency/mean").asDouble()).isEqualTo(0.25);
            assertThat(summary.at("/successes/request_latency/p99").isNull())
                    .as("a quantile Prometheus answers NaN for is null, not a number")
                    .isTrue();
            assertThat(summary.at("/successes/mm_cache_hit_percent/mean").asDouble())
                    .isZero();
            assertThat(run.resolve("stage_0_prometheus_metrics.json")).exists();
            assertThat(run.resolve("stage_1_prometheus_metrics.json")).exists();
            int perReport = asked.size() / 3;
            assertThat(asked).hasSize(perReport * 3);
            assertThat(asked).allSatisfy(a -> assertThat(a[0]).contains("model_name='sim-model',job=\"sim\""));
            double[] times = asked.stream()
                    .mapToDouble(a -> Double.parseDouble(a[1]))
                    .distinct()
                    .toArray();
            assertThat(times).as("one evaluation time per report").hasSize(3);
            for (double t : times) {
                assertThat(t)
                        .isBetween(before.getEpochSecond() - 1.0, Instant.now().getEpochSecond() + 1.0);
            }
            assertThat(asked.stream().map(a -> a[0]))
                    .contains("sum(increase({__name__=~\"vllm:request_success(_total)?\",model_name='sim-model',"
                            + "job=\"sim\"}[" + windowOf(asked, "vllm:request_success") + "]))");
        } finally {
            fake.stop(0);
        }
    }

    private static String windowOf(List<String[]> asked, String metric) {
        String q = asked.stream()
                .map(a -> a[0])
                .filter(s -> s.startsWith("sum(increase(") && s.contains(metric))
                .findFirst()
                .orElseThrow();
        return q.substring(q.lastIndexOf('[') + 1, q.lastIndexOf(']'));
    }

    @Test
    void aPrometheusThatIsNotThereIsOneWarningAndTheRunStands() throws Exception {
        int port = FreePort.pick();
        BenchFixture.Outcome o = run(profile("http://127.0.0.1:" + port, false));
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.err())
                .contains("harness: warning: Prometheus at http://127.0.0.1:" + port
                        + " did not answer (connection refused); no Prometheus reports written; check"
                        + " metrics.prometheus.url in the profile");
        assertThat(o.run().resolve("summary_prometheus_metrics.json")).doesNotExist();
        assertThat(o.run().resolve("summary_lifecycle_metrics.json")).exists();
    }

    @Test
    void debiansPrometheusScrapingTheSimulatorGivesTheSimulatorsNumbers() throws Exception {
        Path binary = Path.of("/usr/bin/prometheus");
        Assumptions.assumeTrue(
                Files.isExecutable(binary), "Debian's prometheus is not installed (.ci/run installs it)");
        int port = FreePort.pick();
        URI simUri = URI.create(sim.baseUrl());
        Path config =
                Files.writeString(out.resolve("prometheus.yml"), """
                global:
                  scrape_interval: 1s
                scrape_configs:
                - job_name: sim
                  static_configs:
                  - targets: ['%s:%d']
                """.formatted(simUri.getHost(), simUri.getPort()));
        Process prometheus = new ProcessBuilder(
                        binary.toString(),
                        "--config.file=" + config,
                        "--storage.tsdb.path=" + out.resolve("tsdb"),
                        "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true)
                .redirectOutput(out.resolve("prometheus.log").toFile())
                .start();
        String url = "http://127.0.0.1:" + port;
        try {
            HttpClient http = HttpClient.newHttpClient();
            // started, and has scraped the simulator at least twice (a counter's increase needs a sample before)
            await().atMost(60, TimeUnit.SECONDS)
                    .ignoreExceptions()
                    .until(() -> http.send(
                                    HttpRequest.newBuilder(
                                                    URI.create(
                                                            url
                                                                    + "/api/v1/query?query=count_over_time(up%7Bjob%3D%22sim%22%7D%5B1m%5D)"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body()
                            .matches("(?s).*\"value\":\\[[0-9.]+,\"([2-9]|[1-9][0-9]+)\"\\].*"));
            BenchFixture.Outcome o = run(profile(url, true));
            assertThat(o.exit()).as(o.err()).isZero();
            assertThat(o.err()).as("every query is valid PromQL").doesNotContain("refused");
            JsonNode s =
                    json(o.run().resolve("summary_prometheus_metrics.json")).path("successes");
            // 60 requests over the two stages; Prometheus extrapolates increase() to the window's edges
            assertThat(s.path("count").asDouble()).as(s.toString()).isBetween(30.0, 90.0);
            assertThat(s.at("/request_latency/mean").asDouble())
                    .as(s.toString())
                    .isBetween(0.001, 1.0);
            double clientTtft = json(o.run().resolve("summary_lifecycle_metrics.json"))
                    .at("/successes/latency/time_to_first_token/mean")
                    .asDouble();
            assertThat(s.at("/time_to_first_token/mean").asDouble())
                    .as("the server's own TTFT is positive and within what the client measured (%s)\n%s", clientTtft, s)
                    .isPositive()
                    .isLessThanOrEqualTo(clientTtft + 0.001);
            assertThat(s.at("/output_len/rate").asDouble()).as(s.toString()).isPositive();
            for (int stage = 0; stage < 2; stage++) {
                JsonNode st = json(o.run().resolve("stage_" + stage + "_prometheus_metrics.json"));
                assertThat(st.at("/successes/count").asDouble())
                        .as(st.toString())
                        .isPositive();
            }
        } finally {
            prometheus.destroy();
            if (!prometheus.waitFor(20, TimeUnit.SECONDS)) {
                prometheus.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
