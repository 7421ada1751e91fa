package io.llmharness.client.engine;

import static io.llmharness.client.record.RequestRecord.ABSENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.Transcripts;
import io.llmharness.client.failure.RunAbort;
import io.llmharness.client.fixture.Captured;
import io.llmharness.client.fixture.ClientRig;
import io.llmharness.client.fixture.Reply;
import io.llmharness.client.fixture.ScriptedServer;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.client.record.TokenCountSource;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.error.HarnessException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client against a scripted loopback server: framing, timing, errors, timeouts, pooling. */
class LlmClientTest {

    @RegisterExtension
    static final ClientRig rig = new ClientRig();

    private ScriptedServer server;
    private LlmClient client;

    private LlmClient start(ClientOptionsBuilder b) {
        client = rig.client(b.build());
        return client;
    }

    private ClientOptionsBuilder options(EndpointType type) {
        return ClientOptions.builder()
                .baseUrls(server.url())
                .endpointType(type)
                .api(ApiSettings.of("m", SamplingParams.SERVER_DEFAULTS.withMaxTokens(8)))
                .collectText(true)
                .maxInFlight(8)
                .eventLoops(2);
    }

    private static TransportOptions timeouts(long headersMs, long idleMs, long totalMs) {
        return TransportOptions.defaults().withTimeouts(2_000, headersMs, idleMs, totalMs);
    }

    private RequestResult send(Prompt p, boolean stream) {
        Captured c = new Captured();
        client.submit(ClientRequest.of(p, stream, c));
        return c.await();
    }

    private static final Prompt CHAT = new Prompt.Text("hi");
    private static final Prompt IDS = new Prompt.TokenIds(new int[] {1, 2, 3});

    @ParameterizedTest
    @ValueSource(longs = {1, 7, 99})
    void chatStreamSurvivesRandomSplitsAndRecordsMilestones(long seed) {
        server = rig.server(r -> Reply.sseRandomCuts(Transcripts.load("vllm-chat-stream.sse"), seed, 25, 1));
        start(options(EndpointType.CHAT_COMPLETIONS));
        RequestResult r = send(CHAT, true);
        RequestRecord rec = r.record();
        assertThat(rec.outcome()).isEqualTo(Outcome.OK);
        ChoiceOutput c = r.choice(0);
        assertThat(c.text()).isEqualTo("Grüße, 世界 🌍!");
        assertThat(c.tokenIds()).containsExactly(38, 2448, 9468, 11, 220, 99489, 0);
        assertThat(c.finishReason()).isEqualTo("length");
        assertThat(rec.outputTokens()).isEqualTo(7);
        assertThat(rec.outputTokenSource()).isEqualTo(TokenCountSource.TOKEN_IDS);
        assertThat(rec.inputTokens()).isEqualTo(3);
        assertThat(rec.httpStatus()).isEqualTo(200);
        assertThat(rec.chunks()).isEqualTo(4);
        long[] order = {
            rec.scheduledNs(),
            rec.issuedNs(),
            rec.dispatchedNs(),
            rec.connectedNs(),
            rec.sentNs(),
            rec.headersNs(),
            rec.roleNs(),
            rec.firstTokenNs(),
            rec.lastTokenNs(),
            rec.doneNs()
        };
        for (int i = 0; i < order.length; i++) {
            assertThat(order[i]).as("milestone " + i).isNotEqualTo(ABSENT);
            if (i > 0) {
                assertThat(order[i]).as("milestone " + i + " after " + (i - 1)).isGreaterThanOrEqualTo(order[i - 1]);
            }
        }
        RecordedRequestCheck.http11(server.requests().get(0));
    }

    @Test
    void ttftIsTakenAtFirstContentAndGapsAreMeasured() {
        String transcript = new String(Transcripts.load("llmd-chat-stream.sse"), StandardCharsets.UTF_8);
        // role chunk after 150 ms, then one content chunk every 40 ms
        server = rig.server(r -> Reply.sseEvents(transcript, 40).withFirstPieceDelay(150));
        start(options(EndpointType.CHAT_COMPLETIONS));
        RequestRecord rec = send(CHAT, true).record();
        assertThat(rec.ok()).isTrue();
        // physical lower bounds only (a loaded machine can delay reads, never advance them): the role chunk is
        // written at 150 ms, content at 190, 230, 270 ms
        assertThat(rec.roleNs()).isLessThan(rec.firstTokenNs());
        assertThat(rec.roleNs() - rec.scheduledNs()).isGreaterThanOrEqualTo(150_000_000L);
        assertThat(rec.ttftNs()).isGreaterThanOrEqualTo(190_000_000L);
        assertThat(rec.lastTokenNs() - rec.scheduledNs()).isGreaterThanOrEqualTo(270_000_000L);
        assertThat(rec.meanChunkGapNs()).isGreaterThanOrEqualTo(0);
        assertThat(rec.chunks()).isEqualTo(3);
        assertThat(rec.outputTokens()).as("usage, not chunks").isEqualTo(3);
        assertThat(rec.outputTokenSource()).isEqualTo(TokenCountSource.SERVER_USAGE);
        assertThat(client.snapshot().chunkGaps().getTotalCount()).isEqualTo(2);
    }

    @Test
    void aRequestsOwnHeadersAreSentAndReplaceTheClientsOfTheSameName() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8);
        server = rig.server(r -> Reply.sseEvents(t, 0));
        start(options(EndpointType.COMPLETIONS)
                .transport(TransportOptions.defaults().withHeaders(Map.of("X-Route", "blue", "X-Team", "a"))));
        Captured c = new Captured();
        long now = System.nanoTime();
        client.submit(new ClientRequest(
                () -> List.of(IDS), 1, true, now, now, -1, c, null, Map.of("X-Session-Id", "s-1", "x-route", "green")));
        assertThat(c.await().record().ok()).isTrue();
        send(IDS, true); // a request without headers of its own
        assertThat(server.requests().get(0).headers())
                .containsEntry("x-session-id", "s-1")
                .containsEntry("x-route", "green")
                .containsEntry("x-team", "a");
        assertThat(server.requests().get(1).headers())
                .doesNotContainKey("x-session-id")
                .containsEntry("x-route", "blue");
    }

    @Test
    void streamWithoutDoneIsAProtocolError() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8)
                .replace("data: [DONE]\n\n", "");
        server = rig.server(r -> Reply.sseEvents(t, 0));
        start(options(EndpointType.COMPLETIONS));
        RequestResult r = send(IDS, true);
        assertThat(r.record().outcome()).isInstanceOf(Outcome.ProtocolError.class);
        assertThat(r.record().outcome().describe()).contains("[DONE]");
        assertThat(r.choices()).as("partial output kept for diagnostics").isNotEmpty();
    }

    @Test
    void connectionClosedMidStreamIsATransportError() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8)
                .replace("data: [DONE]\n\n", "");
        server = rig.server(r -> Reply.sseEvents(t, 0).withFault(Reply.Fault.CLOSE_AFTER_BODY));
        start(options(EndpointType.COMPLETIONS));
        Outcome o = send(IDS, true).record().outcome();
        assertThat(o.isOk()).isFalse();
        assertThat(o).isInstanceOfAny(Outcome.TransportError.class, Outcome.ProtocolError.class);
    }

    @Test
    void errorsBeforeTheStreamInEveryShape() {
        List<Reply> replies = List.of(
                Reply.json(
                        400,
                        "{\"error\":{\"message\":\"This model's maximum context length is 4096 tokens.\",\"type\":\"BadRequestError\",\"param\":null,\"code\":400}}"),
                Reply.json(
                        404,
                        "{\"object\":\"error\",\"message\":\"The model `x` does not exist.\",\"type\":\"NotFoundError\",\"param\":null,\"code\":404}"),
                Reply.text(500, "Internal Server Error"),
                Reply.json(401, "{\"error\":\"Unauthorized\"}"));
        List<Reply> queue = new ArrayList<>(replies);
        server = rig.server(r -> queue.remove(0));
        start(options(EndpointType.COMPLETIONS).maxInFlight(1).maxConsecutiveFailures(0));
        Outcome.HttpError a = (Outcome.HttpError) send(IDS, true).record().outcome();
        assertThat(a.status()).isEqualTo(400);
        assertThat(a.contextOverflow()).isTrue();
        assertThat(a.midStream()).isFalse();
        Outcome.HttpError b = (Outcome.HttpError) send(IDS, true).record().outcome();
        assertThat(b.status()).isEqualTo(404);
        assertThat(b.message()).isEqualTo("The model `x` does not exist.");
        Outcome.HttpError c = (Outcome.HttpError) send(IDS, true).record().outcome();
        assertThat(c.message()).isEqualTo("Internal Server Error");
        Outcome.HttpError d = (Outcome.HttpError) send(IDS, true).record().outcome();
        assertThat(d.message()).isEqualTo("Unauthorized");
    }

    @Test
    void errorEventAfterHeadersFailsTheRequest() {
        String t = new String(Transcripts.load("vllm-chat-stream-error.sse"), StandardCharsets.UTF_8);
        server = rig.server(r -> Reply.sseEvents(t, 0));
        start(options(EndpointType.CHAT_COMPLETIONS));
        RequestResult r = send(CHAT, true);
        Outcome.HttpError e = (Outcome.HttpError) r.record().outcome();
        assertThat(e.midStream()).isTrue();
        assertThat(e.status()).isEqualTo(500);
        assertThat(e.message()).contains("EngineCore");
        assertThat(r.record().httpStatus()).isEqualTo(200);
    }

    @Test
    void unexpectedContentTypeIsAProtocolError() {
        server = rig.server(r -> Reply.json(200, "<html>proxy</html>").withContentType("text/html"));
        start(options(EndpointType.COMPLETIONS));
        Outcome o = send(IDS, true).record().outcome();
        assertThat(o).isInstanceOf(Outcome.ProtocolError.class);
        assertThat(o.describe()).contains("text/html");
    }

    @Test
    void oversizedEventNamesTheLimit() {
        String big = "data: {\"choices\":[{\"index\":0,\"text\":\"" + "x".repeat(5000) + "\"}]}\n\ndata: [DONE]\n\n";
        server = rig.server(r -> Reply.sseEvents(big, 0));
        start(options(EndpointType.COMPLETIONS)
                .transport(TransportOptions.defaults().withLimits(1024, 1 << 20)));
        Outcome o = send(IDS, true).record().outcome();
        assertThat(o).isInstanceOf(Outcome.ProtocolError.class);
        assertThat(o.describe()).contains("maxEventBytes").contains("1024");
    }

    @Test
    void stalledStreamHitsTheIdleTimeout() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8);
        String firstEvent = t.substring(0, t.indexOf("\n\n") + 2);
        server = rig.server(r -> Reply.sseEvents(firstEvent, 0).withFault(Reply.Fault.STALL));
        start(options(EndpointType.COMPLETIONS).transport(timeouts(10_000, 300, 0)));
        RequestRecord rec = send(IDS, true).record();
        assertThat(rec.outcome()).isEqualTo(new Outcome.Timeout(TimeoutPhase.IDLE, 300));
        assertThat(rec.doneNs() - rec.headersNs()).isGreaterThanOrEqualTo(300_000_000L);
        assertThat(rec.firstTokenNs()).isNotEqualTo(ABSENT);
    }

    @Test
    void slowHeadersHitTheHeadersTimeout() {
        server = rig.server(r -> Reply.json(200, "{}").withHeadersDelay(5_000));
        start(options(EndpointType.COMPLETIONS).transport(timeouts(300, 10_000, 0)));
        RequestRecord rec = send(IDS, false).record();
        assertThat(rec.outcome()).isEqualTo(new Outcome.Timeout(TimeoutPhase.HEADERS, 300));
        assertThat(rec.headersNs()).isEqualTo(ABSENT);
    }

    @Test
    void longRequestHitsTheTotalTimeout() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8);
        server = rig.server(r -> Reply.sseEvents(t, 200));
        start(options(EndpointType.COMPLETIONS).transport(timeouts(10_000, 10_000, 400)));
        assertThat(send(IDS, true).record().outcome()).isEqualTo(new Outcome.Timeout(TimeoutPhase.TOTAL, 400));
    }

    @Test
    void keepAliveReusesOneConnection() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8);
        server = rig.server(r -> Reply.sseEvents(t, 0));
        start(options(EndpointType.COMPLETIONS).eventLoops(1));
        for (int i = 0; i < 5; i++) {
            assertThat(send(IDS, true).ok()).isTrue();
        }
        assertThat(server.connectionsOpened()).isEqualTo(1);
        assertThat(client.endpointStats().get(0).connectionsOpened()).isEqualTo(1);
        assertThat(client.endpointStats().get(0).requests()).isEqualTo(5);
    }

    @Test
    void idlePooledConnectionsAreClosedByTheClientFirst() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8);
        server = rig.server(r -> Reply.sseEvents(t, 0));
        start(options(EndpointType.COMPLETIONS)
                .eventLoops(1)
                .transport(TransportOptions.defaults().withPoolIdleSeconds(1)));
        assertThat(send(IDS, true).ok()).isTrue();
        // the scripted server never closes a connection itself: this is the pool evicting it after 1 s idle
        await().atMost(30, TimeUnit.SECONDS).until(() -> server.connectionsClosed() == 1);
        RequestRecord again = send(IDS, true).record();
        assertThat(again.ok()).isTrue();
        assertThat(again.retries()).as("evicted, not found stale").isZero();
        assertThat(server.connectionsOpened()).isEqualTo(2);
    }

    @Test
    void staleKeptAliveConnectionIsRetriedOnceOnAFreshOne() {
        String t = new String(Transcripts.load("vllm-completions-stream.sse"), StandardCharsets.UTF_8);
        server = rig.server(r -> Reply.sseEvents(t, 0).withFault(Reply.Fault.CLOSE_IF_REUSED));
        start(options(EndpointType.COMPLETIONS));
        assertThat(send(IDS, true).record().retries()).isZero();
        RequestRecord second = send(IDS, true).record();
        assertThat(second.outcome()).isEqualTo(Outcome.OK);
        assertThat(second.retries()).isEqualTo(1);
        assertThat(client.endpointStats().get(0).staleRetries()).isEqualTo(1);
        assertThat(client.endpointStats().get(0).failures()).isZero();
    }

    @Test
    void inFlightCapHoldsAndWaitingIsVisible() {
        server = rig.server(r ->
                Reply.json(200, Transcripts.asString("vllm-completions.json")).withHeadersDelay(150));
        start(options(EndpointType.COMPLETIONS).maxInFlight(2));
        List<Captured> all = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Captured c = new Captured();
            all.add(c);
            client.submit(ClientRequest.of(IDS, false, c));
        }
        List<RequestRecord> recs = all.stream().map(c -> c.await().record()).toList();
        assertThat(recs).allMatch(RequestRecord::ok);
        assertThat(server.maxConcurrent()).isLessThanOrEqualTo(2);
        assertThat(client.endpointStats().get(0).maxInFlight()).isLessThanOrEqualTo(2);
        long waited = recs.stream()
                .filter(r -> r.dispatchedNs() - r.issuedNs() > 100_000_000L)
                .count();
        assertThat(waited).as("requests that waited for a slot").isGreaterThanOrEqualTo(2);
        assertThat(recs).allMatch(r -> r.connectionWaitNs() >= r.dispatchedNs() - r.issuedNs());
    }

    @Test
    void unreachableServerAbortsWithOneLineNamingTheUrl() throws Exception {
        server = rig.server(r -> Reply.json(200, "{}"));
        String dead = "http://127.0.0.1:1";
        start(options(EndpointType.COMPLETIONS).baseUrls(dead));
        CompletableFuture<RunAbort> abort = new CompletableFuture<>();
        client.onAbort(abort::complete);
        Outcome first = send(IDS, true).record().outcome();
        assertThat(first).isInstanceOf(Outcome.TransportError.class);
        RunAbort a = abort.get(10, TimeUnit.SECONDS);
        assertThat(a.reason()).isEqualTo(RunAbort.Reason.UNREACHABLE);
        assertThat(a.message()).startsWith("cannot connect to " + dead).doesNotContain("\n");
        assertThat(send(IDS, true).record().outcome()).isInstanceOf(Outcome.Cancelled.class);
    }

    @Test
    void consecutiveFailuresAbortWithTheServersMessage() throws Exception {
        server = rig.server(
                r -> Reply.json(
                        400,
                        "{\"error\":{\"message\":\"top_p must be in (0, 1], got 0.0.\",\"type\":\"BadRequestError\",\"code\":400}}"));
        start(options(EndpointType.COMPLETIONS).maxConsecutiveFailures(3).maxInFlight(1));
        for (int i = 0; i < 3; i++) {
            assertThat(send(IDS, true).ok()).isFalse();
        }
        RunAbort a = client.abort().orElseThrow();
        assertThat(a.reason()).isEqualTo(RunAbort.Reason.CONSECUTIVE_FAILURES);
        assertThat(a.message())
                .isEqualTo(server.url()
                        + " failed 3 requests in a row; last: HTTP 400: top_p must be in (0, 1], got 0.0.");
        assertThat(client.snapshot().failures()).isEqualTo(3);
    }

    @Test
    void invalidPromptForEndpointAbortsAtOnce() {
        server = rig.server(r -> Reply.json(200, "{}"));
        start(options(EndpointType.CHAT_COMPLETIONS));
        Outcome o = send(IDS, false).record().outcome();
        assertThat(o).isInstanceOf(Outcome.InvalidRequest.class);
        assertThat(client.abort().orElseThrow().reason()).isEqualTo(RunAbort.Reason.INVALID_REQUEST);
        assertThat(server.requests()).isEmpty();
    }

    @Test
    void aJsonBodyCutIntoPiecesDecodesLikeAWholeOne() {
        byte[] body = Transcripts.load("vllm-completions.json");
        List<Reply> queue = new ArrayList<>(List.of(
                Reply.json(200, new String(body, StandardCharsets.UTF_8)),
                Reply.sseRandomCuts(body, 7, 12, 1).withContentType("application/json")));
        server = rig.server(r -> queue.remove(0));
        start(options(EndpointType.COMPLETIONS).maxInFlight(1));
        // the first is read whole (decoded where it lies), the second in pieces (collected first)
        RequestRecord whole = send(IDS, false).record();
        RequestRecord cut = send(IDS, false).record();
        assertThat(whole.outcome()).isEqualTo(Outcome.OK);
        assertThat(cut.outcome()).isEqualTo(Outcome.OK);
        assertThat(whole.outputTokens()).isPositive();
        assertThat(cut.outputTokens()).isEqualTo(whole.outputTokens());
    }

    @Test
    void closeCancelsRequestsInFlight() {
        server = rig.server(r -> Reply.json(200, "{}").withHeadersDelay(60_000));
        start(options(EndpointType.COMPLETIONS));
        Captured c = new Captured();
        client.submit(ClientRequest.of(IDS, false, c));
        org.awaitility.Awaitility.await()
                .atMost(10, TimeUnit.SECONDS)
                .until(() -> !server.requests().isEmpty());
        client.close().await();
        rig.closedByTest(client);
        assertThat(c.await().record().outcome()).isInstanceOf(Outcome.Cancelled.class);
    }

    @Test
    void badBaseUrlIsAConfigErrorNamingTheFlag() {
        assertThatThrownBy(() -> LlmClient.start(
                        rig.clientVertx(),
                        ClientOptions.builder()
                                .baseUrls("ftp://x")
                                .urlSource("--api-server-url")
                                .build()))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("--api-server-url: 'ftp://x'");
    }

    /** Checks on what the server received. */
    static final class RecordedRequestCheck {
        static void http11(io.llmharness.client.fixture.RecordedRequest r) {
            assertThat(r.httpVersion()).isEqualTo("HTTP_1_1");
            assertThat(r.headers()).doesNotContainKeys("upgrade", "http2-settings");
            assertThat(r.headers().get("content-type")).isEqualTo("application/json");
        }
    }
}
