package io.llmharness.client.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.Prompt;
import io.llmharness.client.SamplingParams;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.Transcripts;
import io.llmharness.client.balance.Balancing;
import io.llmharness.client.fixture.Captured;
import io.llmharness.client.fixture.ClientRig;
import io.llmharness.client.fixture.FakeBackend;
import io.llmharness.client.fixture.Reply;
import io.llmharness.client.fixture.ScriptedServer;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Load balancing over two servers, draining after [DONE], and end-to-end latency accuracy. */
class BalancingAndTimingTest {

    @RegisterExtension
    static final ClientRig rig = new ClientRig();

    private LlmClient client;

    private ScriptedServer server(java.util.function.Function<io.llmharness.client.fixture.RecordedRequest, Reply> h) {
        return rig.server(h);
    }

    private LlmClient client(Balancing b, int maxTokens, String... urls) {
        client = rig.client(ClientOptions.builder()
                .baseUrls(urls)
                .endpointType(EndpointType.COMPLETIONS)
                .api(ApiSettings.of(null, SamplingParams.SERVER_DEFAULTS.withMaxTokens(maxTokens)))
                .balancing(b)
                .maxInFlight(8)
                .eventLoops(2)
                .build());
        return client;
    }

    private List<RequestResult> sendAll(int n, boolean stream) {
        List<Captured> cs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Captured c = new Captured();
            cs.add(c);
            client.submit(ClientRequest.of(new Prompt.TokenIds(new int[] {i + 1}), stream, c));
        }
        return cs.stream().map(Captured::await).toList();
    }

    @Test
    void roundRobinSplitsEvenly() {
        ScriptedServer a = server(FakeBackend.vllm(0, 0));
        ScriptedServer b = server(FakeBackend.vllm(0, 0));
        client(Balancing.ROUND_ROBIN, 4, a.url(), b.url());
        assertThat(sendAll(10, false)).allMatch(RequestResult::ok);
        assertThat(a.requests()).hasSize(5);
        assertThat(b.requests()).hasSize(5);
        List<EndpointStats> stats = client.endpointStats();
        assertThat(stats).extracting(EndpointStats::url).containsExactly(a.url(), b.url());
        assertThat(stats).extracting(EndpointStats::requests).containsExactly(5L, 5L);
        assertThat(stats).extracting(EndpointStats::failures).containsExactly(0L, 0L);
    }

    @Test
    void leastOutstandingFavoursTheFasterServer() {
        ScriptedServer slow = server(r -> FakeBackend.vllm(0, 0).apply(r).withHeadersDelay(400));
        ScriptedServer fast = server(FakeBackend.vllm(0, 0));
        client(Balancing.LEAST_OUTSTANDING, 4, slow.url(), fast.url());
        assertThat(sendAll(40, false)).allMatch(RequestResult::ok);
        assertThat(fast.requests().size()).isGreaterThan(slow.requests().size());
        assertThat(client.endpointStats().get(0).maxInFlight()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void failuresAreCountedPerServer() {
        ScriptedServer bad = server(r -> Reply.json(503, "{\"error\":{\"message\":\"overloaded\",\"code\":503}}"));
        ScriptedServer good = server(FakeBackend.vllm(0, 0));
        client(Balancing.ROUND_ROBIN, 4, bad.url(), good.url());
        List<RequestResult> rs = sendAll(6, true);
        assertThat(rs.stream().filter(RequestResult::ok).count()).isEqualTo(3);
        assertThat(client.endpointStats().get(0).failures()).isEqualTo(3);
        assertThat(client.endpointStats().get(1).failures()).isZero();
        assertThat(rs.stream().map(r -> r.record().outcome()).filter(o -> !o.isOk()))
                .allMatch(o -> ((Outcome.HttpError) o).retryable());
    }

    @Test
    void streamKeptOpenAfterDoneStillSucceeds() {
        ScriptedServer s = server(r -> Reply.sseEvents(Transcripts.asString("vllm-completions-stream.sse"), 0)
                .withFault(Reply.Fault.STALL));
        client(Balancing.ROUND_ROBIN, 4, s.url());
        RequestRecord rec = sendAll(1, true).get(0).record();
        assertThat(rec.outcome()).isEqualTo(Outcome.OK);
        assertThat(rec.doneNs()).isGreaterThanOrEqualTo(rec.lastTokenNs());
    }

    @Test
    void measuresTtftItlAndE2eOfAPacedStream() {
        // backends.md 7.29: TTFT 100 ms, ITL 12 ms, 128 tokens -> E2E ≈ 100 + 127 × 12 ms
        ScriptedServer s = server(FakeBackend.vllm(100, 12));
        client(Balancing.ROUND_ROBIN, 128, s.url());
        RequestRecord rec = sendAll(1, true).get(0).record();
        assertThat(rec.ok()).isTrue();
        assertThat(rec.outputTokens()).isEqualTo(128);
        // What no load can break: nothing is read before the server paced it out, and the milestones are in order.
        // How close the measured TTFT, ITL and E2E come to the pacing on this machine: perf/timing-accuracy.sh.
        assertThat(rec.ttftNs()).isGreaterThanOrEqualTo(100_000_000L);
        assertThat(rec.e2eNs()).isGreaterThanOrEqualTo((100 + 127 * 12) * 1_000_000L);
        assertThat(rec.chunks()).isEqualTo(128);
        assertThat(rec.lastTokenNs()).isGreaterThanOrEqualTo(rec.firstTokenNs());
        assertThat(rec.doneNs()).isGreaterThanOrEqualTo(rec.lastTokenNs());
        assertThat(rec.meanChunkGapNs()).isNotNegative();
        assertThat(rec.tpotNs()).isNotNegative();
        assertThat(client.snapshot().chunkGaps().getTotalCount())
                .as("one gap per chunk after the first")
                .isEqualTo(127);
    }
}
