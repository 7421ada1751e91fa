package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.engine.ChoiceOutput;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.engine.RequestResult;
import io.llmharness.client.failure.RetryPolicy;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.metrics.PrometheusText;
import io.llmharness.simulator.Admission;
import io.llmharness.simulator.Capacity;
import io.llmharness.simulator.Http;
import io.llmharness.simulator.Identity;
import io.llmharness.simulator.Latency;
import io.llmharness.simulator.Lifecycle;
import io.llmharness.simulator.Parallelism;
import io.llmharness.simulator.Persona;
import io.llmharness.simulator.SimulatorOptions;
import io.llmharness.simulator.SimulatorServer;
import io.llmharness.simulator.Streaming;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The client side of the conformance checklist (spec backends §7) items that need a real server: usage fallbacks,
 * chunking, batches, keep-alive, timeouts, mid-stream errors, 429, slow headers and {@code /metrics} deltas. The
 * simulator is the server; ground truth is its timing record or its own metrics.
 */
class ClientChecklistTest {

    private static final int[] PROMPT = {1, 4021, 77, 9182, 15, 300};
    private final Rig rig = new Rig();

    @AfterEach
    void close() {
        rig.close();
    }

    private SimulatorServer sim() {
        return rig.sim(SimulatorOptions.defaults().with(Latency.fixed(2, 1)));
    }

    private LlmClient client(SimulatorServer sim, ApiSettings api, TransportOptions transport) {
        return rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .api(api)
                .eventLoops(1)
                .maxConsecutiveFailures(0)
                .retry(RetryPolicy.NONE)
                .transport(transport)
                .build());
    }

    private static ApiSettings api(SamplingParams sampling, boolean tokenIds, boolean continuousUsage) {
        return new ApiSettings("sim-model", sampling, tokenIds, GuidedDecoding.RESPONSE_FORMAT, continuousUsage);
    }

    private static SamplingParams fixed(int tokens) {
        return SamplingParams.SERVER_DEFAULTS.withMaxTokens(tokens).withIgnoreEos(true);
    }

    private static TransportOptions recorded() {
        return TransportOptions.defaults().withHeaders(Map.of("X-Sim-Record-Timings", "1"));
    }

    private static TransportOptions fault(String directives) {
        return TransportOptions.defaults().withHeaders(Map.of("X-Sim-Fault", directives));
    }

    // ---- usage reporting (items 6, 8, 9)

    @Test
    void withoutUsageTheCountIsAnEstimateFromChunksAndFlaggedAsSuch() {
        SimulatorServer sim = sim();
        SamplingParams noUsage = fixed(12).withExtra(Map.of("stream_options", Map.of("include_usage", false)));
        RequestResult r =
                Rig.send(client(sim, api(noUsage, false, false), recorded()), new Prompt.TokenIds(PROMPT), true);
        assertThat(r.ok()).as(r.record().outcome().describe()).isTrue();
        assertThat(r.record().outputTokenSource()).isEqualTo(TokenCountSource.CHUNK_ESTIMATE);
        assertThat(r.record().outputTokens())
                .isEqualTo(r.record().chunks())
                .isEqualTo(rig.onlyTiming(sim).get("tokens").asLong());
        assertThat(r.record().inputTokens()).as("no usage, no prompt count").isEqualTo(-1);
        assertThat(r.choice(0).serverTokens()).isEqualTo(-1);

        rig.clearTimings(sim);
        RequestResult ids =
                Rig.send(client(sim, api(noUsage, true, false), recorded()), new Prompt.TokenIds(PROMPT), true);
        assertThat(ids.record().outputTokenSource())
                .as("returned ids are exact even without usage")
                .isEqualTo(TokenCountSource.TOKEN_IDS);
        assertThat(ids.record().outputTokens()).isEqualTo(12);
    }

    @Test
    void continuousUsageStatsAreParsedAndAgreeWithTheFinalUsage() {
        SimulatorServer sim = sim();
        RequestResult r =
                Rig.send(client(sim, api(fixed(9), false, true), recorded()), new Prompt.TokenIds(PROMPT), true);
        assertThat(r.ok()).isTrue();
        assertThat(r.record().outputTokenSource()).isEqualTo(TokenCountSource.SERVER_USAGE);
        assertThat(r.record().outputTokens())
                .isEqualTo(9)
                .isEqualTo(rig.onlyTiming(sim).get("tokens").asLong());
        assertThat(r.record().inputTokens()).isEqualTo(PROMPT.length);
    }

    @Test
    void chunksCarryingSeveralTokensAreCountedFromUsageNotFromChunks() {
        SimulatorServer sim = sim();
        SamplingParams interval3 = fixed(10).withExtra(Map.of("stream_interval", 3));
        RequestResult r =
                Rig.send(client(sim, api(interval3, false, false), recorded()), new Prompt.TokenIds(PROMPT), true);
        assertThat(r.ok()).isTrue();
        JsonNode t = rig.onlyTiming(sim);
        assertThat(t.get("event_tokens").toString()).isEqualTo("[3,3,3,1]");
        assertThat(r.record().chunks()).isEqualTo(4);
        assertThat(r.record().outputTokens()).isEqualTo(10);
        assertThat(r.record().outputTokenSource()).isEqualTo(TokenCountSource.SERVER_USAGE);
    }

    // ---- SSE framing (items 1, 2, 3)

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"VLLM, COMPLETIONS", "VLLM, CHAT_COMPLETIONS", "SGLANG, GENERATE", "SGLANG, CHAT_COMPLETIONS"})
    void randomlySplitAndCoalescedWritesReassembleToTheSameOutput(Persona persona, EndpointType type) {
        SimulatorOptions base = SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(persona))
                .with(Latency.fixed(1, 0.2))
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true));
        SamplingParams greedy = SamplingParams.SERVER_DEFAULTS.withMaxTokens(60).withTemperature(0.0);
        ApiSettings settings = api(greedy, true, false);
        Prompt prompt = type == EndpointType.CHAT_COMPLETIONS
                ? new Prompt.Chat(Rig.JSON
                        .createArrayNode()
                        .add(Rig.JSON.createObjectNode().put("role", "user").put("content", "naïve café 日本語 🚀")))
                : new Prompt.Text("naïve café — 日本語 🚀 \"quoted\" \\ back");
        List<RequestResult> results = new ArrayList<>();
        for (SimulatorServer sim :
                List.of(rig.sim(base), rig.sim(base.with(Streaming.DEFAULTS.withSplitWrites(true))))) {
            LlmClient c = rig.client(ClientOptions.builder()
                    .baseUrls(sim.baseUrl())
                    .endpointType(type)
                    .api(settings)
                    .collectText(true)
                    .eventLoops(1)
                    .build());
            for (int i = 0; i < 5; i++) {
                RequestResult r = Rig.send(c, prompt, true);
                assertThat(r.ok()).as(r.record().outcome().describe()).isTrue();
                results.add(r);
            }
        }
        RequestResult plain = results.get(0);
        for (RequestResult r : results) {
            assertThat(r.choice(0).text()).isEqualTo(plain.choice(0).text());
            assertThat(r.choice(0).tokenIds()).isEqualTo(plain.choice(0).tokenIds());
            assertThat(r.record().outputTokens()).isEqualTo(plain.record().outputTokens());
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"sse-crlf", "sse-no-space", "sse-comments", "sse-fields", "after-done"})
    void legalSseVariantsGiveTheSameResult(String directive) {
        SimulatorServer sim = sim();
        SamplingParams greedy = SamplingParams.SERVER_DEFAULTS.withMaxTokens(12).withTemperature(0.0);
        RequestResult plain = Rig.send(
                client(sim, api(greedy, true, false), TransportOptions.defaults()), new Prompt.TokenIds(PROMPT), true);
        RequestResult variant =
                Rig.send(client(sim, api(greedy, true, false), fault(directive)), new Prompt.TokenIds(PROMPT), true);
        assertThat(variant.ok()).as(variant.record().outcome().describe()).isTrue();
        assertThat(variant.choice(0).tokenIds()).containsExactly(plain.choice(0).tokenIds());
        assertThat(variant.record().chunks()).isEqualTo(plain.record().chunks());
        assertThat(variant.record().outputTokens()).isEqualTo(plain.record().outputTokens());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "no-done, TRANSPORT_ERROR",
        "close-after=3, TRANSPORT_ERROR",
        "reset-after=3, TRANSPORT_ERROR",
        "malformed-after=3, PROTOCOL_ERROR"
    })
    void brokenStreamsAreFailuresOfTheRightKind(String directive, Outcome.Kind kind) {
        // no-done and close-after end the stream by closing the connection before the last HTTP chunk (like a dying
        // server): a transport failure; a malformed event is the server breaking the API contract.
        SimulatorServer sim = sim();
        RequestResult r =
                Rig.send(client(sim, api(fixed(12), true, false), fault(directive)), new Prompt.TokenIds(PROMPT), true);
        assertThat(r.ok()).isFalse();
        assertThat(r.record().outcome().kind())
                .as(r.record().outcome().describe())
                .isEqualTo(kind);
    }

    // ---- several choices (item 7)

    @Test
    void promptArraysAreDemultiplexedPerIndexAndNAbove1IsRefusedClearly() {
        SimulatorServer sim = sim();
        SamplingParams greedy = SamplingParams.SERVER_DEFAULTS.withMaxTokens(16).withTemperature(0.0);
        LlmClient client = client(sim, api(greedy, true, false), TransportOptions.defaults());
        List<Prompt> prompts = List.of(
                new Prompt.TokenIds(PROMPT),
                new Prompt.TokenIds(new int[] {1, 2000, 3000}),
                new Prompt.TokenIds(new int[] {1, 555, 556, 557, 558}));
        RequestResult batch = Rig.sendBatch(client, prompts, true);
        assertThat(batch.ok()).as(batch.record().outcome().describe()).isTrue();
        long total = 0;
        for (int i = 0; i < prompts.size(); i++) {
            RequestResult single = Rig.send(client, prompts.get(i), false);
            ChoiceOutput b = batch.choice(i);
            assertThat(b.tokenIds())
                    .as("prompt %d", i)
                    .containsExactly(single.choice(0).tokenIds());
            assertThat(b.finishReason()).isEqualTo(single.choice(0).finishReason());
            total += b.tokenIds().length;
        }
        assertThat(batch.record().outputTokens()).isEqualTo(total);
        assertThat(batch.record().promptCount()).isEqualTo(3);

        // n = 2 yields two choices for one prompt: the client does not demultiplex n, it says so
        LlmClient nTwo = client(sim, api(greedy.withExtra(Map.of("n", 2)), true, false), TransportOptions.defaults());
        RequestResult n = Rig.send(nTwo, new Prompt.TokenIds(PROMPT), true);
        assertThat(n.record().outcome())
                .isInstanceOfSatisfying(
                        Outcome.ProtocolError.class,
                        e -> assertThat(e.message()).contains("choice index 1"));
    }

    // ---- connections and timeouts (items 21, 23, 24, 25, 27)

    @Test
    void serverClosingIdleKeepAliveConnectionsFailsNoRequest() throws Exception {
        // The server closes idle connections after 1 s (uvicorn: 5 s, shortened to keep the test fast), before the
        // pool's own idle limit (3 s): the next request must not fail on the connection the server closed.
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Http.DEFAULTS.withKeepAliveTimeoutMs(1000))
                .with(Latency.fixed(1, 1)));
        LlmClient client = client(sim, api(fixed(4), false, false), TransportOptions.defaults());
        for (int i = 0; i < 3; i++) {
            if (i > 0) {
                // the server sweeps idle connections once a second: closed after 1-2 s
                await().atMost(30, TimeUnit.SECONDS).until(() -> sim.openConnections() == 0);
            }
            RequestResult r = Rig.send(client, new Prompt.TokenIds(PROMPT), i % 2 == 0);
            assertThat(r.ok())
                    .as("request %d: %s", i, r.record().outcome().describe())
                    .isTrue();
        }
        EndpointStats stats = client.endpointStats().get(0);
        assertThat(stats.failures()).isZero();
        assertThat(stats.connectionsOpened())
                .as("a new connection after each idle close")
                .isEqualTo(3);
    }

    @Test
    void stalledStreamTimesOutAndTheServerFreesTheSlot() throws Exception {
        // 500 tokens at 20 ms: the engine is still generating (for 10 s) when the client gives up after 400 ms of
        // silence; the abort counted below shows the server had the request running
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults().with(Latency.fixed(2, 20)));
        LlmClient client = client(
                sim, api(fixed(500), false, false), fault("stall-after=3").withTimeouts(2000, 10_000, 400, 0));
        CompletableFuture<RequestResult> done = new CompletableFuture<>();
        client.submit(ClientRequest.of(new Prompt.TokenIds(PROMPT), true, done::complete));
        RequestResult r = Rig.await(done);
        assertThat(r.record().outcome()).isEqualTo(new Outcome.Timeout(TimeoutPhase.IDLE, 400));
        assertThat(r.record().outputTokens()).as("partial output kept").isEqualTo(3);
        awaitRunning(sim, 0);
        assertThat(sim.inFlight()).isZero();
        PrometheusText m = rig.metrics(sim);
        assertThat(m.sum("vllm:request_success_total", Map.of("finished_reason", "abort")))
                .isEqualTo(1.0);
    }

    @Test
    void clientCancellationMidStreamClosesTheConnectionAndTheServerFreesTheSlot() throws Exception {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults().with(Latency.fixed(2, 20)));
        LlmClient client = client(sim, api(fixed(500), false, false), TransportOptions.defaults());
        CompletableFuture<RequestResult> done = new CompletableFuture<>();
        client.submit(ClientRequest.of(new Prompt.TokenIds(PROMPT), true, done::complete));
        awaitRunning(sim, 1);
        client.shutdown("test cancels");
        RequestResult r = Rig.await(done);
        assertThat(r.record().outcome()).isInstanceOf(Outcome.Cancelled.class);
        awaitRunning(sim, 0);
        assertThat(sim.inFlight()).isZero();
    }

    private void awaitRunning(SimulatorServer sim, int expected) {
        await().atMost(30, TimeUnit.SECONDS)
                .untilAsserted(() -> assertThat(rig.metrics(sim).sum("vllm:num_requests_running"))
                        .as("vllm:num_requests_running")
                        .isEqualTo(expected));
    }

    @Test
    void errorEventAfterHeadersFailsTheRequestButKeepsThePartialOutput() {
        SimulatorServer sim = sim();
        RequestResult r = Rig.send(
                client(sim, api(fixed(20), true, false), fault("error-after=5")), new Prompt.TokenIds(PROMPT), true);
        assertThat(r.ok()).isFalse();
        assertThat(r.record().httpStatus()).isEqualTo(200);
        assertThat(r.record().outcome())
                .isInstanceOfSatisfying(
                        Outcome.HttpError.class, e -> assertThat(e.midStream()).isTrue());
        assertThat(r.choice(0).tokenIds()).as("diagnostics only").hasSize(5);
    }

    @Test
    void rateLimitingIsClassifiedAsRetryable() { // resending it: OverloadRetryTest
        SimulatorServer sim = sim();
        RequestResult injected = Rig.send(
                client(
                        sim,
                        api(fixed(4), false, false),
                        TransportOptions.defaults().withHeaders(Map.of("X-Return-Error", "429"))),
                new Prompt.TokenIds(PROMPT),
                true);
        assertThat(injected.record().outcome()).isInstanceOfSatisfying(Outcome.HttpError.class, e -> {
            assertThat(e.status()).isEqualTo(429);
            assertThat(e.retryable()).isTrue();
            assertThat(e.midStream()).isFalse();
        });

        // a real full queue: one slot, one waiting place, three requests at once. "At once" on a loaded machine: the
        // three connections are open before the requests go (none waits for a handshake), and the first answer
        // takes a second, far longer than sending the other two (with 50 ms answers and connections opened on
        // demand, a busy machine let the first answer finish before the third request arrived: no 429)
        SimulatorServer small = rig.sim(SimulatorOptions.defaults()
                .with(Capacity.DEFAULTS.withMaxNumSeqs(1))
                .with(Latency.fixed(1_000, 5))
                .with(Admission.DEFAULTS.withMaxWaitingQueueLength(1)));
        LlmClient client = client(small, api(fixed(4), false, false), TransportOptions.defaults());
        assertThat(client.prepareConnections(3).await()).isEqualTo(3);
        List<Outcome> outcomes = Rig.sendAll(client, 3, i -> new Prompt.TokenIds(PROMPT), true).stream()
                .map(r -> r.record().outcome())
                .toList();
        assertThat(outcomes.stream().filter(Outcome::isOk)).hasSize(2);
        assertThat(outcomes.stream()
                        .filter(o -> o instanceof Outcome.HttpError e && e.status() == 429 && e.retryable()))
                .hasSize(1);
    }

    @Test
    void slowHeadersAreWaitedForOrTimeOutAsHeaderTimeouts() {
        SimulatorServer sim = sim();
        RequestResult slow = Rig.send(
                client(sim, api(fixed(4), false, false), fault("slow-headers-ms=300")),
                new Prompt.TokenIds(PROMPT),
                true);
        assertThat(slow.ok()).isTrue();
        RequestRecord r = slow.record();
        assertThat(r.headersNs() - r.sentNs()).isGreaterThanOrEqualTo(290_000_000L);

        RequestResult timedOut = Rig.send(
                client(
                        sim,
                        api(fixed(4), false, false),
                        fault("slow-headers-ms=2000").withTimeouts(2000, 150, 5000, 0)),
                new Prompt.TokenIds(PROMPT),
                true);
        assertThat(timedOut.record().outcome()).isEqualTo(new Outcome.Timeout(TimeoutPhase.HEADERS, 150));
    }

    // ---- /metrics (item 33)

    @Test
    void metricsDeltasEqualTheSumsOfClientUsageAcrossTwoEngines() {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Parallelism.DEFAULTS.withDataParallelSize(2))
                .with(Latency.fixed(1, 0.5)));
        LlmClient client = client(sim, api(fixed(7), false, false), TransportOptions.defaults());
        PrometheusText before = rig.metrics(sim);
        assertThat(before.samples("vllm:prompt_tokens_total"))
                .as("one series per engine")
                .hasSize(2);
        List<CompletableFuture<RequestResult>> all = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            int[] ids = new int[3 + i];
            Arrays.fill(ids, 1000 + i);
            CompletableFuture<RequestResult> f = new CompletableFuture<>();
            client.submit(ClientRequest.of(new Prompt.TokenIds(ids), i % 2 == 0, f::complete));
            all.add(f);
        }
        long prompt = 0;
        long generated = 0;
        for (CompletableFuture<RequestResult> f : all) {
            RequestRecord r = Rig.await(f).record();
            assertThat(r.ok()).isTrue();
            prompt += r.inputTokens();
            generated += r.outputTokens();
        }
        PrometheusText after = rig.metrics(sim);
        assertThat(delta(before, after, "vllm:prompt_tokens_total")).isEqualTo(prompt);
        assertThat(delta(before, after, "vllm:generation_tokens_total"))
                .isEqualTo(generated)
                .isEqualTo(140);
        assertThat(after.sum("vllm:request_success_total", Map.of("finished_reason", "length"))
                        - before.sum("vllm:request_success_total", Map.of("finished_reason", "length")))
                .as("every ignore_eos request ends by length")
                .isEqualTo(20.0);
        assertThat(delta(before, after, "vllm:e2e_request_latency_seconds_count"))
                .isEqualTo(20);
        assertThat(after.sum("vllm:e2e_request_latency_seconds_bucket", Map.of("le", "+Inf")))
                .isEqualTo(after.sum("vllm:e2e_request_latency_seconds_count"));
    }

    private static long delta(PrometheusText before, PrometheusText after, String name) {
        return Math.round(after.sum(name) - before.sum(name));
    }

    @Test
    void sglangGenerateIsCoveredByTheSameUsageChecks() {
        SimulatorServer sim = rig.sim(SimulatorOptions.defaults()
                .with(Identity.DEFAULTS.withPersona(Persona.SGLANG))
                .with(Latency.fixed(2, 1))
                .with(Streaming.DEFAULTS.withStreamInterval(4))
                .with(Lifecycle.DEFAULTS.withSkipWarmup(true)));
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(sim.baseUrl())
                .endpointType(EndpointType.GENERATE)
                .api(api(fixed(10), false, false))
                .eventLoops(1)
                .transport(recorded())
                .build());
        RequestResult r = Rig.send(client, new Prompt.TokenIds(PROMPT), true);
        assertThat(r.ok()).isTrue();
        assertThat(r.record().chunks()).as("stream interval 4: 4+4+2").isEqualTo(3);
        assertThat(r.record().outputTokens())
                .isEqualTo(10)
                .isEqualTo(rig.onlyTiming(sim).get("tokens").asLong());
    }
}
