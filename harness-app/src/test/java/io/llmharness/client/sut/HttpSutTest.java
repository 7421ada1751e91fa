package io.llmharness.client.sut;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.ResponseEncoding;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.DecoderJson;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.fixture.ClientRig;
import io.llmharness.client.fixture.FakeBackend;
import io.llmharness.client.fixture.RecordedRequest;
import io.llmharness.client.fixture.Reply;
import io.llmharness.client.fixture.ScriptedServer;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.TransportOptions;
import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.QuerySample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The SUT end to end against a fake vLLM / SGLang: payloads, n_tokens, ordering, exactly-once completion. */
class HttpSutTest {

    @RegisterExtension
    static final ClientRig rig = new ClientRig();

    private ScriptedServer server;
    private LlmClient client;
    private final FakeSink sink = new FakeSink();

    private static final int N = 6;
    private static final IntFunction<Prompt> IDS = i -> new Prompt.TokenIds(new int[] {i + 1, 7, 8});

    private HttpSut sut(
            Function<RecordedRequest, Reply> backend,
            EndpointType type,
            ResponseEncoding enc,
            IntFunction<Prompt> prompts,
            SutOptions so,
            TransportOptions transport) {
        server = rig.server(backend);
        ClientOptions co = ClientOptions.builder()
                .baseUrls(server.url())
                .endpointType(type)
                .api(ApiSettings.of(
                        "m", SamplingParams.SERVER_DEFAULTS.withMaxTokens(N).withIgnoreEos(true)))
                .responseEncoding(enc)
                .maxInFlight(16)
                .eventLoops(2)
                .maxConsecutiveFailures(0)
                .transport(transport)
                .build();
        client = rig.client(co);
        return new HttpSut(client, sink, prompts, so);
    }

    private HttpSut sut(
            Function<RecordedRequest, Reply> backend, EndpointType type, ResponseEncoding enc, SutOptions so) {
        return sut(backend, type, enc, IDS, so, TransportOptions.defaults());
    }

    /** One query of consecutive sample ids, scheduled and issued now. */
    private static IssuedQuery samples(long firstId, int... indices) {
        long now = System.nanoTime();
        return IssuedQuery.of(list(firstId, indices), now, now, now);
    }

    private static List<QuerySample> list(long firstId, int... indices) {
        List<QuerySample> out = new ArrayList<>();
        for (int i = 0; i < indices.length; i++) {
            out.add(new QuerySample(firstId + i, indices[i]));
        }
        return out;
    }

    @Test
    void perSampleStreamingReportsFirstTokenThenAllTokens() {
        HttpSut sut = sut(
                FakeBackend.vllm(30, 5),
                EndpointType.COMPLETIONS,
                ResponseEncoding.TOKEN_IDS_INT32,
                SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TOKEN_IDS_INT32));
        sut.issueQuery(samples(100, 0));
        sut.issueQuery(samples(101, 1));
        // Two coalesced queries: two samples, two requests, each with its own query's scheduled time.
        long second = System.nanoTime();
        long first = second - 2_000_000;
        sut.issueQuery(IssuedQuery.coalesced(list(102, 2, 3), new int[] {0, 1}, new long[] {first, second}, second, 0));
        sut.flushQueries();
        sink.awaitCompletions(4);
        sink.assertContract(List.of(100L, 101L, 102L, 103L), true);
        for (int s = 0; s < 4; s++) {
            int seed = s + 1;
            int[] expected = FakeBackend.ids(seed, N);
            assertThat(sink.first(100 + s).data()).isEqualTo(FakeSink.int32le(expected[0]));
            FakeSink.Call done = sink.completion(100 + s);
            assertThat(done.data()).isEqualTo(FakeSink.int32le(expected));
            assertThat(done.nTokens()).isEqualTo(N);
        }
        assertThat(server.requests()).hasSize(4);
        JsonNode body = server.requests().get(0).body();
        assertThat(body.get("stream").asBoolean()).isTrue();
        assertThat(body.get("return_token_ids").asBoolean()).isTrue();
        assertThat(sut.stats()).isEqualTo(new SutStats(4, 4, 0, 4, 4, 0));
        List<RequestRecord> recs = client.snapshot().requests();
        assertThat(recs).hasSize(4).allMatch(RequestRecord::ok);
        assertThat(recs).allMatch(r -> r.ttftNs() >= 30_000_000L && r.outputTokens() == N);
        assertThat(recs.stream()
                        .filter(r -> r.sampleIndex() == 2)
                        .findFirst()
                        .orElseThrow()
                        .scheduledNs())
                .isEqualTo(first);
        assertThat(recs.stream()
                        .filter(r -> r.sampleIndex() == 3)
                        .findFirst()
                        .orElseThrow()
                        .scheduledNs())
                .isEqualTo(second);
    }

    @Test
    void offlineBatchedSendsPromptArraysAndDemultiplexes() {
        HttpSut sut = sut(
                FakeBackend.vllm(0, 0),
                EndpointType.COMPLETIONS,
                ResponseEncoding.TOKEN_IDS_INT32,
                SutOptions.of(SutMode.OFFLINE_BATCHED, 2, ResponseEncoding.TOKEN_IDS_INT32));
        sut.issueQuery(samples(10, 4, 0, 3, 1, 2));
        sink.awaitCompletions(5);
        sink.assertContract(LongStream.range(10, 15).boxed().toList(), false);
        int[] indices = {4, 0, 3, 1, 2};
        for (int i = 0; i < 5; i++) {
            FakeSink.Call done = sink.completion(10 + i);
            assertThat(done.data()).isEqualTo(FakeSink.int32le(FakeBackend.ids(indices[i] + 1, N)));
            assertThat(done.nTokens()).isEqualTo(N);
        }
        assertThat(server.requests()).hasSize(3);
        assertThat(server.requests().stream()
                        .map(r -> r.body().get("prompt").get(0).isArray()
                                ? r.body().get("prompt").size()
                                : 1)
                        .sorted()
                        .toList())
                .containsExactly(1, 2, 2);
        assertThat(server.requests().get(0).body().get("stream").asBoolean()).isFalse();
        assertThat(client.snapshot().requests().stream()
                        .mapToInt(RequestRecord::promptCount)
                        .sum())
                .isEqualTo(5);
    }

    @Test
    void offlineBatchedCanStreamInterleavedChoices() {
        HttpSut sut = sut(
                FakeBackend.vllm(5, 1),
                EndpointType.COMPLETIONS,
                ResponseEncoding.TOKEN_IDS_INT32,
                SutOptions.of(SutMode.OFFLINE_BATCHED, 3, ResponseEncoding.TOKEN_IDS_INT32)
                        .withStream(true));
        sut.issueQuery(samples(0, 0, 1, 2, 3, 4, 5));
        sink.awaitCompletions(6);
        sink.assertContract(LongStream.range(0, 6).boxed().toList(), false);
        for (int i = 0; i < 6; i++) {
            assertThat(sink.completion(i).data()).isEqualTo(FakeSink.int32le(FakeBackend.ids(i + 1, N)));
        }
        assertThat(server.requests()).hasSize(2);
        assertThat(server.requests().get(0).body().get("stream").asBoolean()).isTrue();
    }

    @Test
    void streamingChatReportsFirstTextThenWholeText() {
        IntFunction<Prompt> text = i -> new Prompt.Text("prompt " + i);
        HttpSut sut = sut(
                FakeBackend.vllm(10, 2),
                EndpointType.CHAT_COMPLETIONS,
                ResponseEncoding.TEXT_UTF8,
                text,
                SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TEXT_UTF8),
                TransportOptions.defaults());
        sut.issueQuery(samples(7, 3));
        sink.awaitCompletions(1);
        sink.assertContract(List.of(7L), true);
        int seed = server.requests().get(0).body().get("messages").toString().length();
        int[] ids = FakeBackend.ids(seed, N);
        assertThat(new String(sink.first(7).data(), StandardCharsets.UTF_8)).isEqualTo(FakeBackend.text(ids[0]));
        assertThat(new String(sink.completion(7).data(), StandardCharsets.UTF_8))
                .isEqualTo(FakeBackend.text(seed, N));
        assertThat(sink.completion(7).nTokens()).isEqualTo(N);
        RequestRecord rec = client.snapshot().requests().get(0);
        assertThat(rec.roleNs()).isNotEqualTo(RequestRecord.ABSENT).isLessThanOrEqualTo(rec.firstTokenNs());
    }

    @Test
    void offlineBatchedOnSglangGenerate() {
        HttpSut sut = sut(
                FakeBackend.sglang(0, 0),
                EndpointType.GENERATE,
                ResponseEncoding.TOKEN_IDS_INT32,
                SutOptions.of(SutMode.OFFLINE_BATCHED, 3, ResponseEncoding.TOKEN_IDS_INT32));
        sut.issueQuery(samples(0, 0, 1, 2, 3));
        sink.awaitCompletions(4);
        sink.assertContract(List.of(0L, 1L, 2L, 3L), false);
        for (int i = 0; i < 4; i++) {
            assertThat(sink.completion(i).data()).isEqualTo(FakeSink.int32le(FakeBackend.ids(i + 1, N)));
        }
        assertThat(server.requests().get(0).body().get("input_ids").isArray()).isTrue();
        assertThat(server.requests()
                        .get(0)
                        .body()
                        .at("/sampling_params/max_new_tokens")
                        .asInt())
                .isEqualTo(N);
    }

    @Test
    void sglangStreamingCumulativeOutputBecomesTheRightPayloads() {
        HttpSut sut = sut(
                FakeBackend.sglang(20, 5),
                EndpointType.GENERATE,
                ResponseEncoding.TOKEN_IDS_INT32,
                SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TOKEN_IDS_INT32));
        sut.issueQuery(samples(0, 5));
        sink.awaitCompletions(1);
        sink.assertContract(List.of(0L), true);
        int[] expected = FakeBackend.ids(6, N);
        assertThat(sink.first(0).data()).isEqualTo(FakeSink.int32le(expected[0]));
        assertThat(sink.completion(0).data()).isEqualTo(FakeSink.int32le(expected));
        assertThat(sink.completion(0).nTokens()).isEqualTo(N);
    }

    @Test
    void offlineBackToBackChatSendsUtf8TextWithUsageCount() {
        String messages = "[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Grüße\"},"
                + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,iVBORw0KGgo=\"}}]}]";
        IntFunction<Prompt> chat = i -> {
            try {
                return new Prompt.Chat(DecoderJson.MAPPER.readTree(messages.replace("Grüße", "Grüße " + i)));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        HttpSut sut = sut(
                FakeBackend.vllm(0, 0),
                EndpointType.CHAT_COMPLETIONS,
                ResponseEncoding.TEXT_UTF8,
                chat,
                SutOptions.of(SutMode.OFFLINE_BATCHED, 4, ResponseEncoding.TEXT_UTF8),
                TransportOptions.defaults());
        sut.issueQuery(samples(0, 0, 1, 2));
        sink.awaitCompletions(3);
        sink.assertContract(List.of(0L, 1L, 2L), false);
        assertThat(server.requests())
                .as("chat cannot batch: one request per sample")
                .hasSize(3);
        for (RecordedRequest r : server.requests()) {
            int seed = r.body().get("messages").toString().length();
            assertThat(r.body().at("/messages/0/content/1/image_url/url").asText())
                    .startsWith("data:image/png");
            assertThat(r.body().has("return_token_ids")).isFalse();
            String text = FakeBackend.text(seed, N);
            String sample = r.body().at("/messages/0/content/0/text").asText().substring("Grüße ".length());
            FakeSink.Call done = sink.completion(Long.parseLong(sample));
            assertThat(new String(done.data(), StandardCharsets.UTF_8)).isEqualTo(text);
            assertThat(done.nTokens()).isEqualTo(N);
        }
    }

    @Test
    void failuresStillCompleteEverySampleExactlyOnce() {
        Function<RecordedRequest, Reply> vllm = FakeBackend.vllm(10, 2);
        Function<RecordedRequest, Reply> mixed = r -> {
            int seed = r.body().get("prompt").get(0).asInt();
            return switch (seed % 4) {
                case 0 ->
                    Reply.json(500, "{\"error\":{\"message\":\"boom\",\"type\":\"InternalServerError\",\"code\":500}}");
                case 1 -> vllm.apply(r).keepFirst(2).withFault(Reply.Fault.STALL);
                case 2 -> Reply.json(200, "{}").withFault(Reply.Fault.CLOSE_BEFORE_HEADERS);
                default -> vllm.apply(r);
            };
        };
        HttpSut sut = sut(
                mixed,
                EndpointType.COMPLETIONS,
                ResponseEncoding.TOKEN_IDS_INT32,
                IDS,
                SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TOKEN_IDS_INT32),
                TransportOptions.defaults().withTimeouts(2_000, 5_000, 400, 0));
        int n = 12;
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        sut.issueQuery(samples(1000, idx));
        sink.awaitCompletions(n);
        sink.assertContract(LongStream.range(1000, 1000 + n).boxed().toList(), true);
        for (int i = 0; i < n; i++) {
            FakeSink.Call done = sink.completion(1000 + i);
            int seed = i + 1;
            if (seed % 4 == 3) {
                assertThat(done.data()).isEqualTo(FakeSink.int32le(FakeBackend.ids(seed, N)));
                assertThat(done.nTokens()).isEqualTo(N);
            } else {
                assertThat(done.data()).as("failed sample %d", i).isEmpty();
                assertThat(done.nTokens()).isZero();
            }
        }
        assertThat(sut.stats().samplesFailed()).isEqualTo(9);
        List<RequestRecord> recs = client.snapshot().requests();
        assertThat(recs.stream().map(r -> r.outcome().kind()).distinct())
                .contains(Outcome.Kind.OK, Outcome.Kind.HTTP_ERROR, Outcome.Kind.TIMEOUT, Outcome.Kind.TRANSPORT_ERROR);
    }

    @Test
    void unreachableServerStillCompletesEverySample() {
        server = rig.server(r -> Reply.json(200, "{}"));
        ClientOptions co = ClientOptions.builder()
                .baseUrls("http://127.0.0.1:1")
                .endpointType(EndpointType.COMPLETIONS)
                .maxInFlight(2)
                .eventLoops(1)
                .build();
        client = rig.client(co);
        HttpSut sut = new HttpSut(
                client, sink, IDS, SutOptions.of(SutMode.OFFLINE_BACK_TO_BACK, 1, ResponseEncoding.TOKEN_IDS_INT32));
        sut.issueQuery(samples(0, 0, 1, 2, 3, 4, 5, 6, 7));
        sink.awaitCompletions(8);
        sink.assertContract(LongStream.range(0, 8).boxed().toList(), false);
        assertThat(client.abort()).isPresent();
        assertThat(client.abort().get().message()).contains("http://127.0.0.1:1");
        assertThat(sut.stats().samplesFailed()).isEqualTo(8);
    }

    @Test
    void manySamplesThroughASmallCapAllCompleteOnce() {
        HttpSut sut = sut(
                FakeBackend.vllm(0, 0),
                EndpointType.COMPLETIONS,
                ResponseEncoding.TOKEN_IDS_INT32,
                SutOptions.of(SutMode.OFFLINE_BACK_TO_BACK, 1, ResponseEncoding.TOKEN_IDS_INT32));
        int n = 600;
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i % 50;
        }
        sut.issueQuery(samples(0, idx));
        sink.awaitCompletions(n);
        sink.assertContract(LongStream.range(0, n).boxed().toList(), false);
        assertThat(sut.stats().samplesFailed()).isZero();
        assertThat(client.endpointStats().get(0).maxInFlight()).isLessThanOrEqualTo(16);
        assertThat(client.snapshot().requests()).hasSize(n);
    }

    @Test
    void abortInTheMiddleOfALoadStillCompletesEverySampleOnce() {
        server = rig.server(r -> Reply.json(400, "{\"error\":{\"message\":\"bad request\",\"code\":400}}"));
        client = rig.client(ClientOptions.builder()
                .baseUrls(server.url())
                .endpointType(EndpointType.COMPLETIONS)
                .maxInFlight(16)
                .eventLoops(2)
                .maxConsecutiveFailures(5)
                .build());
        HttpSut sut = new HttpSut(
                client, sink, IDS, SutOptions.of(SutMode.PER_SAMPLE_STREAMING, 1, ResponseEncoding.TOKEN_IDS_INT32));
        int n = 300;
        for (int i = 0; i < n; i++) {
            sut.issueQuery(samples(i, i % 10));
        }
        sink.awaitCompletions(n);
        sink.assertContract(LongStream.range(0, n).boxed().toList(), true);
        assertThat(client.abort()).isPresent();
        assertThat(client.abort().get().message()).contains("HTTP 400: bad request");
        List<RequestRecord> recs = client.snapshot().requests();
        assertThat(recs).hasSize(n);
        assertThat(recs.stream()
                        .filter(r -> r.outcome() instanceof Outcome.Cancelled)
                        .count())
                .isGreaterThan(0);
    }

    @Test
    void issueQueryReturnsBeforeAnyResponse() {
        HttpSut sut = sut(
                r -> Reply.json(200, "{}").withHeadersDelay(3_000),
                EndpointType.COMPLETIONS,
                ResponseEncoding.TOKEN_IDS_INT32,
                SutOptions.of(SutMode.OFFLINE_BACK_TO_BACK, 1, ResponseEncoding.TOKEN_IDS_INT32));
        int[] idx = new int[40];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        sut.issueQuery(samples(0, idx));
        assertThat(sink.completions()).isZero();
        assertThat(client.inFlight() + client.queued()).isEqualTo(40);
    }
}
