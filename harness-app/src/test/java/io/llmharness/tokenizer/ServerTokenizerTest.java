package io.llmharness.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.vertx.core.Vertx;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link ServerTokenizer} against the real simulator on loopback, and the synthetic vocabulary's agreement with the
 * simulator's own {@code usage} counts.
 */
class ServerTokenizerTest {

    private static final int MAX_MODEL_LEN = 512;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SimulatorServer sim;

    @BeforeAll
    static void start() {
        sim = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withModel("sim-model"))
                .with(Capacity.DEFAULTS.withMaxModelLen(MAX_MODEL_LEN))
                .with(Latency.zero())
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true)));
        assertThat(sim.awaitReady(20_000)).as("simulator ready").isTrue();
    }

    @AfterAll
    static void stop() {
        if (sim != null) {
            sim.close();
        }
    }

    @Test
    void encodesAndDecodesLikeTheSimulatorsVocabulary() throws Exception {
        ServerTokenizer t = ServerTokenizer.probe(sim.baseUrl(), "sim-model");
        String text = "Hello world, this is a prompt with ünïcödé and 🚀.";
        int[] ids = t.encode(text);
        assertThat(ids).isEqualTo(SyntheticTokenizer.INSTANCE.encode(text));
        assertThat(t.decode(ids)).isEqualTo(text);
        assertThat(t.count(text)).isEqualTo(ids.length);
        assertThat(t.countWithSpecialTokens(text)).isEqualTo(ids.length + 1);
        assertThat(t.source()).isEqualTo("server /tokenize at " + sim.baseUrl());
    }

    @Test
    void textLongerThanTheContextWindowIsEncodedInPieces() throws Exception {
        ServerTokenizer t = ServerTokenizer.probe(sim.baseUrl(), null);
        String text = SyntheticTokenizerTest.randomText(new SplittableRandom(3), 6_000);
        int[] expected = SyntheticTokenizer.INSTANCE.encode(text);
        assertThat(expected.length).isGreaterThan(4 * MAX_MODEL_LEN);
        assertThat(t.encode(text)).isEqualTo(expected);
        assertThat(t.countWithSpecialTokens(text)).isEqualTo(expected.length + 1);
    }

    @Test
    void sglangPersonaTokenizesToo() throws Exception {
        try (SimulatorServer sglang = SimulatorServer.start(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG).withModel("sim-model"))
                .with(Latency.zero())
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true)))) {
            assertThat(sglang.awaitReady(20_000)).as("SGLang simulator ready").isTrue();
            ServerTokenizer t = ServerTokenizer.probe(sglang.baseUrl(), "sim-model");
            String text = "Grüße aus dem Simulator";
            assertThat(t.encode(text)).isEqualTo(SyntheticTokenizer.INSTANCE.encode(text));
            assertThat(t.decode(t.encode(text))).isEqualTo(text);
        }
    }

    @Test
    void unknownModelMakesTheServerUnavailable() {
        assertThatThrownBy(() -> ServerTokenizer.probe(sim.baseUrl(), "other-model"))
                .isInstanceOf(TokenizerUnavailableException.class)
                .hasMessageContaining(sim.baseUrl() + "/tokenize answered HTTP 404")
                .hasMessageContaining("other-model");
    }

    @Test
    void serverWithoutTokenizeIsUnavailable() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            assertThatThrownBy(() -> ServerTokenizer.probe(url, null))
                    .isInstanceOf(TokenizerUnavailableException.class)
                    .hasMessage(url + "/tokenize answered HTTP 404");
        } finally {
            server.stop(0);
        }
    }

    /**
     * A call that fails on its connection (here the server closes it without a byte of answer, as a server does that
     * drops a kept-alive connection just as the client reuses it) is made again: tokenizing changes nothing.
     */
    @Test
    void aCallDroppedOnItsConnectionIsMadeAgain() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/tokenize", exchange -> {
            exchange.getRequestBody().readAllBytes();
            if (calls.incrementAndGet() % 2 == 1) {
                exchange.close(); // no status line: the client sees the connection end
                return;
            }
            byte[] body = "{\"tokens\":[7,8,9]}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            ServerTokenizer t = ServerTokenizer.probe(
                    "http://127.0.0.1:" + server.getAddress().getPort(), null);
            assertThat(t.encode("abc")).containsExactly(7, 8, 9);
            assertThat(calls.get()).isEqualTo(4); // the probe and the encode, each dropped once
        } finally {
            server.stop(0);
        }
    }

    @Test
    void unreachableServerIsUnavailable() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port;
        assertThatThrownBy(() -> ServerTokenizer.probe(url, null))
                .isInstanceOf(TokenizerUnavailableException.class)
                .hasMessageStartingWith(url + "/tokenize is unreachable (ConnectException")
                .hasMessageEndingWith("; " + ServerTokenizer.ATTEMPTS + " attempts)");
    }

    @Test
    void refusesToBlockAnEventLoop() throws Exception {
        ServerTokenizer t = ServerTokenizer.probe(sim.baseUrl(), null);
        Vertx vertx = Vertx.vertx();
        try {
            CompletableFuture<Throwable> failure = new CompletableFuture<>();
            vertx.runOnContext(v -> {
                try {
                    t.encode("x");
                    failure.complete(null);
                } catch (RuntimeException e) {
                    failure.complete(e);
                }
            });
            assertThat(failure.get(20, TimeUnit.SECONDS))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("event loop");
        } finally {
            vertx.close().await();
        }
    }

    @Test
    void syntheticCountsMatchTheSimulatorsUsage() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        TokenCountCheck prompts = new TokenCountCheck();
        TokenCountCheck outputs = new TokenCountCheck();
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20; i++) {
            String prompt = SyntheticTokenizerTest.randomText(random, 50 + random.nextInt(400));
            String body = JSON.createObjectNode()
                    .put("model", "sim-model")
                    .put("prompt", prompt)
                    .put("max_tokens", 1 + random.nextInt(40))
                    .put("ignore_eos", true)
                    .toString();
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(URI.create(sim.baseUrl() + "/v1/completions"))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode answer = JSON.readTree(r.body());
            JsonNode usage = answer.get("usage");
            prompts.add(
                    SyntheticTokenizer.INSTANCE.countWithSpecialTokens(prompt),
                    usage.get("prompt_tokens").asInt());
            String text = answer.get("choices").get(0).get("text").asText();
            outputs.add(
                    SyntheticTokenizer.INSTANCE.count(text),
                    usage.get("completion_tokens").asInt());
        }
        assertThat(prompts.result().compared()).isEqualTo(20);
        assertThat(prompts.result().mismatchRate()).isZero();
        assertThat(outputs.result().mismatchRate()).isZero();
    }
}
