package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * 429 and 503 answers are sent again with backoff (or after the server's {@code Retry-After}), counted apart from
 * failures, and never hold up a shutdown; other failures are not resent. Real client against the simulator, plus
 * a tiny loopback server for {@code Retry-After}, which neither vLLM nor SGLang sends.
 */
class OverloadRetryTest {

    private static final int[] PROMPT = {1, 4021, 77, 9182, 15, 300};
    private static final ApiSettings API = ApiSettings.of(
            "sim-model", SamplingParams.SERVER_DEFAULTS.withMaxTokens(4).withIgnoreEos(true));

    private final Rig rig = new Rig();
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        rig.close();
        vertx.close().await();
    }

    private LlmClient client(String url, RetryPolicy retry, TransportOptions transport) {
        return rig.client(ClientOptions.builder()
                .baseUrls(url)
                .api(API)
                .eventLoops(1)
                .maxConsecutiveFailures(0)
                .retry(retry)
                .transport(transport)
                .build());
    }

    private static List<RequestResult> sendAll(LlmClient client, int n) {
        return Rig.sendAll(client, n, i -> new Prompt.TokenIds(PROMPT), true);
    }

    @Test
    void aFullQueueIsRetriedUntilEveryRequestGetsThrough() {
        // one running slot, one waiting place, five requests at once: three are turned away with 429 at first.
        // "At once" is made true on a loaded machine too: the five connections are open before the requests go, so
        // none waits for a connection, and the first answer takes 300 ms, far longer than sending the other four.
        SimulatorServer small = rig.sim(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxNumSeqs(1))
                .with(Latency.fixed(300, 5))
                .with(Admission.DEFAULTS.withMaxWaitingQueueLength(1)));
        LlmClient client = client(small.baseUrl(), new RetryPolicy(10, 20, 200, 30_000), TransportOptions.defaults());
        assertThat(client.prepareConnections(5).await()).isEqualTo(5);

        List<RequestResult> results = sendAll(client, 5);

        assertThat(results).allSatisfy(r -> assertThat(r.ok()).isTrue());
        int resends = results.stream().mapToInt(r -> r.record().retries()).sum();
        assertThat(resends).isGreaterThanOrEqualTo(3);
        EndpointStats stats = client.endpointStats().get(0);
        assertThat(stats.overloadRetries()).isEqualTo(resends);
        assertThat(stats.failures()).isZero();
        assertThat(stats.requests()).isEqualTo(5);
        // a resent request's latency counts from when it was first scheduled, waits included
        RequestRecord resent = results.stream()
                .map(RequestResult::record)
                .filter(r -> r.retries() > 0)
                .findFirst()
                .orElseThrow();
        assertThat(resent.firstTokenNs() - resent.scheduledNs()).isGreaterThanOrEqualTo(20_000_000L + 300_000_000L);
    }

    @Test
    void aServerThatAlwaysAnswers429FailsAfterTheLastRetryWithExponentialWaits() {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults().with(Latency.fixed(2, 1)));
        LlmClient client = client(
                sim.baseUrl(),
                new RetryPolicy(3, 40, 1_000, 30_000),
                TransportOptions.defaults().withHeaders(Map.of("X-Return-Error", "429")));

        RequestResult r = Rig.send(client, new Prompt.TokenIds(PROMPT), true);

        assertThat(r.record().outcome())
                .isInstanceOfSatisfying(
                        Outcome.HttpError.class, e -> assertThat(e.status()).isEqualTo(429));
        assertThat(r.record().retries()).isEqualTo(3);
        // waits of 40 + 80 + 160 ms before the last answer
        assertThat(r.record().e2eNs()).isGreaterThanOrEqualTo(280_000_000L);
        EndpointStats stats = client.endpointStats().get(0);
        assertThat(stats.overloadRetries()).isEqualTo(3);
        assertThat(stats.failures()).isEqualTo(1);
    }

    @Test
    void otherErrorsAreNotResent() {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults().with(Latency.fixed(2, 1)));
        for (String status : List.of("500", "400")) {
            LlmClient client = client(
                    sim.baseUrl(),
                    new RetryPolicy(3, 10, 100, 30_000),
                    TransportOptions.defaults().withHeaders(Map.of("X-Return-Error", status)));
            RequestResult r = Rig.send(client, new Prompt.TokenIds(PROMPT), true);
            assertThat(r.record().outcome()).isInstanceOf(Outcome.HttpError.class);
            assertThat(r.record().retries()).as(status).isZero();
            assertThat(client.endpointStats().get(0).overloadRetries()).isZero();
        }
    }

    @Test
    void retryAfterIsHonouredAndAShutdownDoesNotWaitForIt() throws Exception {
        List<Long> arrivals = new CopyOnWriteArrayList<>();
        AtomicInteger seen = new AtomicInteger();
        AtomicReference<String> retryAfter = new AtomicReference<>("1");
        HttpServer server = vertx.createHttpServer()
                .requestHandler(req -> req.body().onSuccess(b -> {
                    arrivals.add(System.nanoTime());
                    if (seen.getAndIncrement() % 2 == 0) {
                        req.response()
                                .setStatusCode(429)
                                .putHeader("Content-Type", "application/json")
                                .putHeader("Retry-After", retryAfter.get())
                                .end(
                                        "{\"error\":{\"message\":\"slow down\",\"type\":\"RateLimitError\",\"code\":429}}");
                    } else {
                        req.response()
                                .putHeader("Content-Type", "application/json")
                                .end("{\"id\":\"cmpl-1\",\"object\":\"text_completion\",\"created\":0,"
                                        + "\"model\":\"sim-model\",\"choices\":[{\"index\":0,\"text\":\" ok\","
                                        + "\"finish_reason\":\"length\"}],\"usage\":{\"prompt_tokens\":6,"
                                        + "\"completion_tokens\":1,\"total_tokens\":7}}");
                    }
                }))
                .listen(0, "127.0.0.1")
                .await();
        String url = "http://127.0.0.1:" + server.actualPort();

        LlmClient client = client(url, new RetryPolicy(3, 10, 100, 30_000), TransportOptions.defaults());
        RequestResult r = Rig.send(client, new Prompt.TokenIds(PROMPT), false);
        assertThat(r.ok()).isTrue();
        assertThat(r.record().retries()).isEqualTo(1);
        assertThat(arrivals).hasSize(2);
        // Retry-After: 1 beats the 10 ms backoff
        assertThat(arrivals.get(1) - arrivals.get(0)).isGreaterThanOrEqualTo(950_000_000L);

        // a request waiting out a long Retry-After ends as cancelled as soon as the client shuts down
        LlmClient patient = client(url, new RetryPolicy(3, 10, 100, 60_000), TransportOptions.defaults());
        CompletableFuture<RequestResult> waiting = new CompletableFuture<>();
        arrivals.clear();
        seen.set(0);
        retryAfter.set("30");
        patient.submit(ClientRequest.of(new Prompt.TokenIds(PROMPT), false, waiting::complete));
        // the client got the 429 and waits out the Retry-After
        await().atMost(30, TimeUnit.SECONDS)
                .until(() -> patient.endpointStats().get(0).overloadRetries() == 1);
        patient.shutdown("test stop");
        // ended by the shutdown, well before the 30 s Retry-After would have resent it
        RequestResult cancelled = waiting.get(20, TimeUnit.SECONDS);
        assertThat(cancelled.record().outcome()).isInstanceOf(Outcome.Cancelled.class);
        assertThat(cancelled.record().retries()).isEqualTo(1);
        assertThat(arrivals).hasSize(1);
        server.close().await();
    }
}
