package io.llmharness.simulator.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.TestClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Start-up, readiness, shutdown, crash, keep-alive and HTTP/1.1-only behaviour (checklist 27, 28, 30, 32). */
class LifecycleTest extends SimTestSupport {
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** Output tokens the server has generated so far ({@code vllm:generation_tokens_total}). */
    static double generatedTokens(TestClient c) {
        return metric(c.get("/metrics").body(), "vllm:generation_tokens_total{");
    }

    @Test
    void startupDelayRefusesConnectionsThenWarmupAnswers503ThenReady() throws Exception {
        int port = freePort();
        List<String> log = new CopyOnWriteArrayList<>();
        SimulatorOptions o = SimulatorOptions.defaults()
                .with(Http.DEFAULTS.withPort(port))
                .with(Latency.zero())
                .with(Lifecycle.DEFAULTS.withStartupDelayMs(1500).withWarmupMs(2000))
                .withLogSink(log::add);
        CompletableFuture<SimulatorServer> starting = CompletableFuture.supplyAsync(() -> SimulatorServer.start(o));
        // the KV cache line is written just before the start-up delay begins
        await().atMost(30, TimeUnit.SECONDS).until(() -> log.stream().anyMatch(l -> l.contains("GPU KV cache size")));
        assertThat(accepts(port)).as("during the start-up delay").isFalse();
        SimulatorServer s = starting.get(10, TimeUnit.SECONDS);
        try {
            TestClient c = client(s);
            int health = c.get("/health").status();
            // /health turns 200 before whenReady() completes: an answer that came back before it was given warming up
            if (!s.whenReady().isDone()) {
                assertThat(health).isEqualTo(503);
            }
            assertThat(s.awaitReady(30_000)).isTrue();
            assertThat(c.get("/health").status()).isEqualTo(200);
        } finally {
            s.close();
        }
        assertThat(accepts(port)).isFalse();
    }

    @Test
    void closeAbortsInFlightStreamsAndReleasesThePort() throws Exception {
        SimulatorServer s = SimulatorServer.start(SimulatorOptions.defaults().with(Latency.fixed(5, 20)));
        int port = s.port();
        TestClient c = client(s);
        CompletableFuture<TestClient.Stream> stream = CompletableFuture.supplyAsync(() ->
                c.stream("/v1/chat/completions", streaming(chat("long", 1000)).toString()));
        CompletableFuture<TestClient.Response> unary =
                CompletableFuture.supplyAsync(() -> c.postJson("/v1/completions", completion("long", 1000)));
        // both are generating (the stream has sent chunks) when the server is closed
        await().atMost(30, TimeUnit.SECONDS).until(() -> s.inFlight() == 2);
        await().atMost(30, TimeUnit.SECONDS).until(() -> generatedTokens(c) > 0);
        s.close();
        TestClient.Stream st = stream.get(10, TimeUnit.SECONDS);
        assertThat(st.sawDone()).isTrue();
        List<JsonNode> chunks = st.chunks();
        assertThat(chunks.get(chunks.size() - 2).at("/choices/0/finish_reason").asText())
                .isEqualTo("abort");
        assertThat(unary.get(10, TimeUnit.SECONDS).status()).isEqualTo(503);
        assertThat(accepts(port)).isFalse();
        try (ServerSocket again = new ServerSocket()) {
            again.setReuseAddress(true);
            again.bind(new InetSocketAddress("127.0.0.1", port));
        }
    }

    @Test
    void shutdownTimeoutDrainsInFlightRequestsAndRefusesNewOnes() throws Exception {
        SimulatorServer s = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Latency.fixed(5, 10))
                .with(Lifecycle.DEFAULTS.withShutdownTimeoutMs(5000)));
        TestClient c = client(s);
        CompletableFuture<TestClient.Stream> stream = CompletableFuture.supplyAsync(() ->
                c.stream("/v1/completions", streaming(completion("drain", 60)).toString()));
        await().atMost(30, TimeUnit.SECONDS).until(() -> s.inFlight() == 1);
        CompletableFuture<Void> closing = CompletableFuture.runAsync(s::close);
        // /health turns 503 the moment close() begins draining
        await().atMost(30, TimeUnit.SECONDS).until(() -> c.get("/health").status() == 503);
        assertThat(c.postJson("/v1/completions", completion("late", 2)).status())
                .isEqualTo(503);
        TestClient.Stream st = stream.get(10, TimeUnit.SECONDS);
        List<JsonNode> chunks = st.chunks();
        assertThat(chunks.get(chunks.size() - 2).at("/choices/0/finish_reason").asText())
                .isEqualTo("length");
        closing.get(10, TimeUnit.SECONDS);
    }

    @Test
    void exitAfterRequestsSimulatesAnEngineCrash() throws Exception {
        SimulatorServer s = start(
                SimulatorOptions.defaults().with(Latency.zero()).with(Lifecycle.DEFAULTS.withExitAfterRequests(2)));
        TestClient c = client(s);
        assertThat(c.postJson("/v1/completions", completion("a", 2)).status()).isEqualTo(200);
        assertThat(s.crashed()).isNotDone();
        assertThat(c.postJson("/v1/completions", completion("b", 2)).status()).isEqualTo(200);
        assertThat(s.crashed().get(5, TimeUnit.SECONDS)).contains("--exit-after-requests");
        assertThat(new TestClient(s.baseUrl()).get("/health").status()).isEqualTo(503);
    }

    @Test
    void aCrashDropsInFlightRequestsAndCountsEachRequestOnce() throws Exception {
        // batch mode: the answer that reaches the limit is written from inside an engine step
        SimulatorServer s = start(SimulatorOptions.defaults()
                .with(Latency.Batch.DEFAULTS.withDecodeStepMs(2).withPrefillOverheadMs(1))
                .with(Lifecycle.DEFAULTS.withExitAfterRequests(2)));
        TestClient c = client(s);
        CompletableFuture<TestClient.Stream> inFlight = CompletableFuture.supplyAsync(() ->
                c.stream("/v1/completions", streaming(completion("long", 5000)).toString()));
        await().atMost(30, TimeUnit.SECONDS).until(() -> s.inFlight() == 1);
        assertThat(c.postJson("/v1/completions", completion("a", 3)).status()).isEqualTo(200);
        assertThat(c.postJson("/v1/completions", completion("b", 3)).status()).isEqualTo(200);
        assertThat(s.crashed().get(5, TimeUnit.SECONDS)).contains("--exit-after-requests");
        TestClient.Stream dropped = inFlight.get(10, TimeUnit.SECONDS);
        assertThat(dropped.endedCleanly()).as("connection dropped").isFalse();
        assertThat(dropped.sawDone()).isFalse();
        assertThat(dropped.chunks())
                .allMatch(chunk -> chunk.at("/choices/0/finish_reason").isNull());
        TestClient after = new TestClient(s.baseUrl());
        assertThat(after.get("/health").status()).isEqualTo(503);
        assertThat(after.postJson("/v1/completions", completion("c", 3)).status())
                .isEqualTo(500);
        String m = after.get("/metrics").body();
        String success = "vllm:request_success_total{engine=\"0\",finished_reason=";
        assertThat(metric(m, success + "\"length\"")).isEqualTo(2.0);
        assertThat(metric(m, success + "\"error\"")).isEqualTo(1.0);
        await().atMost(5, TimeUnit.SECONDS).until(() -> s.inFlight() == 0);
    }

    @Test
    void idleKeepAliveConnectionsAreClosed() throws Exception {
        SimulatorServer s = start(SimulatorOptions.defaults()
                .with(Http.DEFAULTS.withKeepAliveTimeoutMs(300))
                .with(Latency.zero()));
        try (Socket sock = new Socket("127.0.0.1", s.port())) {
            sock.setSoTimeout(30_000);
            OutputStream out = sock.getOutputStream();
            // the connection's idle time starts when the answer is written, after this instant
            long sent = System.nanoTime();
            out.write("GET /health HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = sock.getInputStream();
            byte[] buf = new byte[4096];
            int n = in.read(buf);
            assertThat(new String(buf, 0, n, StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200");
            assertThat(in.read(buf)).isEqualTo(-1);
            assertThat(System.nanoTime() - sent)
                    .as("closed after 300 ms idle, not before")
                    .isGreaterThan(300_000_000L);
        }
    }

    @Test
    void h2cUpgradeRequestsAreServedAsHttp11() throws Exception {
        SimulatorServer s = start(SimulatorOptions.defaults().with(Latency.zero()));
        HttpClient http2 =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpResponse<String> r = http2.send(
                HttpRequest.newBuilder(URI.create(s.baseUrl() + "/v1/completions"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                completion("h2c", 3).toString()))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    }

    @Test
    void threeServersInOneJvm() {
        SimulatorServer a = start(SimulatorOptions.defaults().with(Latency.zero()));
        SimulatorServer b = start(SimulatorOptions.defaults().with(Latency.fixed(1, 1)));
        SimulatorServer d = start(SimulatorOptions.defaults()
                .with(Http.DEFAULTS.withEventLoops(2))
                .with(Latency.fixed(1, 1)));
        assertThat(List.of(a.port(), b.port(), d.port())).doesNotHaveDuplicates();
        for (SimulatorServer s : List.of(a, b, d)) {
            for (int i = 0; i < 5; i++) {
                assertThat(client(s)
                                .postJson("/v1/completions", completion("lb " + i, 3))
                                .status())
                        .isEqualTo(200);
            }
        }
        assertThat(a.baseUrl()).isEqualTo("http://127.0.0.1:" + a.port());
    }

    @Test
    void bindFailureNamesTheAddress() {
        SimulatorServer first = start(SimulatorOptions.defaults().with(Latency.zero()));
        SimulatorOptions clash = SimulatorOptions.defaults()
                .with(Http.DEFAULTS.withPort(first.port()))
                .with(Latency.zero());
        assertThatThrownBy(() -> SimulatorServer.start(clash))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("127.0.0.1:" + first.port());
    }
}
