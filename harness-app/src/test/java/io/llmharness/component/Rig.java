package io.llmharness.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.client.Prompt;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.metrics.PrometheusText;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Component-test rig: real simulators on ephemeral loopback ports, real {@link LlmClient}s on their own Vert.x, and
 * an independent JDK HTTP client that asks the simulators for ground truth (reference responses, {@code /sim/timings},
 * {@code /metrics}) without going through the code under test. {@link #close()} stops everything it started.
 */
final class Rig implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    private final Vertx vertx = Vertx.vertx();
    private final List<SimulatorServer> sims = new ArrayList<>();
    private final List<LlmClient> clients = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    /** Starts a simulator on an ephemeral port and waits until {@code /health} is 200. */
    SimulatorServer sim(SimulatorOptions options) {
        SimulatorServer s =
                SimulatorServer.start(options.with(options.http().withPort(0).withHost("127.0.0.1")));
        sims.add(s);
        if (!s.awaitReady(20_000)) {
            throw new AssertionError("simulator not ready within 20 s");
        }
        return s;
    }

    /** Starts a client (closed with the rig). */
    LlmClient client(ClientOptions options) {
        LlmClient c = LlmClient.start(vertx, options).await();
        clients.add(c);
        return c;
    }

    /** Sends one request through the client and waits for its result. */
    static RequestResult send(LlmClient client, Prompt prompt, boolean stream) {
        CompletableFuture<RequestResult> done = new CompletableFuture<>();
        client.submit(ClientRequest.of(prompt, stream, done::complete));
        return await(done);
    }

    /** Sends a batch request (several prompts in one request) and waits for its result. */
    static RequestResult sendBatch(LlmClient client, List<Prompt> prompts, boolean stream) {
        CompletableFuture<RequestResult> done = new CompletableFuture<>();
        long now = System.nanoTime();
        client.submit(new ClientRequest(() -> prompts, prompts.size(), stream, now, now, -1, done::complete));
        return await(done);
    }

    /**
     * Submits {@code n} requests at once (request {@code i} with {@code prompt.apply(i)}), then waits for all their
     * results, in submission order.
     */
    static List<RequestResult> sendAll(LlmClient client, int n, IntFunction<Prompt> prompt, boolean stream) {
        List<CompletableFuture<RequestResult>> all = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            CompletableFuture<RequestResult> done = new CompletableFuture<>();
            client.submit(ClientRequest.of(prompt.apply(i), stream, done::complete));
            all.add(done);
        }
        return all.stream().map(Rig::await).toList();
    }

    static <T> T await(CompletableFuture<T> f) {
        try {
            return f.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("no result within 60 s", e);
        }
    }

    // ---- ground truth, through the JDK client

    /** POSTs JSON and returns the parsed body (fails the test on a non-200 status). */
    JsonNode post(SimulatorServer sim, String path, String json) {
        HttpResponse<String> r = exchange(HttpRequest.newBuilder(URI.create(sim.baseUrl() + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
        if (r.statusCode() != 200) {
            throw new AssertionError("POST " + path + " -> " + r.statusCode() + ": " + r.body());
        }
        return parse(r.body());
    }

    JsonNode post(SimulatorServer sim, String path, JsonNode body) {
        return post(sim, path, body.toString());
    }

    /** GETs a path and returns the body text (fails the test on a non-200 status). */
    String get(SimulatorServer sim, String path) {
        HttpResponse<String> r = exchange(HttpRequest.newBuilder(URI.create(sim.baseUrl() + path)));
        if (r.statusCode() != 200) {
            throw new AssertionError("GET " + path + " -> " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    /** Forgets all recorded timings. */
    void clearTimings(SimulatorServer sim) {
        exchange(HttpRequest.newBuilder(URI.create(sim.baseUrl() + "/sim/timings"))
                .DELETE());
    }

    /** Every recorded timing record, oldest first. */
    List<JsonNode> timings(SimulatorServer sim) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode id : parse(get(sim, "/sim/timings")).get("ids")) {
            out.add(parse(get(sim, "/sim/timings/" + id.asText())));
        }
        return out;
    }

    /** The one recorded timing record (fails unless exactly one was recorded). */
    JsonNode onlyTiming(SimulatorServer sim) {
        List<JsonNode> all = timings(sim);
        if (all.size() != 1) {
            throw new AssertionError("expected one timing record, got " + all.size());
        }
        return all.get(0);
    }

    /** A parsed {@code /metrics} scrape. */
    PrometheusText metrics(SimulatorServer sim) {
        return PrometheusText.parse(get(sim, "/metrics"));
    }

    private HttpResponse<String> exchange(HttpRequest.Builder b) {
        try {
            return http.send(b.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Int array of a JSON array of numbers. */
    static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }

    @Override
    public void close() {
        for (LlmClient c : clients) {
            try {
                c.close().await();
            } catch (RuntimeException ignored) {
                // closing the Vert.x below releases everything anyway
            }
        }
        vertx.close().await();
        for (SimulatorServer s : sims) {
            s.close();
        }
    }
}
