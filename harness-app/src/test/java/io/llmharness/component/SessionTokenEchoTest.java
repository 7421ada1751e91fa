package io.llmharness.component;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.client.EndpointType;
import io.llmharness.client.api.ApiSettings;
import io.llmharness.client.api.GuidedDecoding;
import io.llmharness.client.api.Transcripts;
import io.llmharness.client.engine.ClientOptions;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.client.fixture.RecordedRequest;
import io.llmharness.client.fixture.Reply;
import io.llmharness.client.fixture.ScriptedServer;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.run.bench.BenchRun;
import io.llmharness.run.bench.StageRun;
import io.llmharness.tokenizer.SyntheticTokenizer;
import io.llmharness.workload.data.PromptSources;
import io.llmharness.workload.spec.LoadSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import io.llmharness.workload.trace.ReplayOptions;
import io.llmharness.workload.trace.ReplayPlan;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceRequest;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * inference-perf's {@code session_token_header_key} through the real client: a server that hands each session a new
 * token in a response header on every answer (except where told not to) gets, on each later request of that session,
 * the token of the session's last answer that carried one, and the first request of a session carries none.
 */
class SessionTokenEchoTest {

    private static final long MS = 1_000_000L;

    private final Rig rig = new Rig();
    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        rig.close();
        vertx.close().await();
    }

    @Test
    void eachLaterTurnOfASessionSendsBackTheTokenOfItsLastAnswer() {
        Map<String, AtomicInteger> answered = new ConcurrentHashMap<>();
        String body = Transcripts.asString("vllm-completions.json");
        ScriptedServer server = ScriptedServer.start(vertx, r -> {
            String session = r.headers().get("x-session-id");
            int n = answered.computeIfAbsent(session, k -> new AtomicInteger()).incrementAndGet();
            Reply reply = Reply.json(200, body);
            // session b's second answer carries no token: its third turn still sends the first one's
            return session.equals("b") && n == 2 ? reply : reply.withHeader("X-Route-Token", session + "-" + n);
        });
        List<TraceRequest> rows = new ArrayList<>();
        long line = 1;
        for (String s : List.of("a", "b", "c")) {
            rows.add(new TraceRequest(line++, (line - 2) * MS, 8, 2, new int[0], s, -1, null));
        }
        for (int t = 1; t < 3; t++) {
            for (String s : List.of("a", "b", "c")) {
                rows.add(new TraceRequest(line++, -1, 4, 2, new int[0], s, 1 * MS, null));
            }
        }
        ReplayPlan plan = ReplayPlan.of(
                new Trace("sessions.jsonl", TraceFormat.MOONCAKE, 16, rows, 0), ReplayOptions.defaults(), 1);
        LlmClient client = rig.client(ClientOptions.builder()
                .baseUrls(server.url())
                .endpointType(EndpointType.COMPLETIONS)
                .api(new ApiSettings("sim-model", null, false, GuidedDecoding.RESPONSE_FORMAT, false))
                .collectText(true)
                .build());
        LoadSpec load = new LoadSpec(List.of(new Stage.Replay(plan)), null, 0, 0, 1);
        WorkloadSpec base = BenchSpecs.withIgnoreEos(EndpointType.COMPLETIONS).withLoad(load);
        WorkloadSpec spec =
                base.withApi(base.api().withSessionIdHeader("X-Session-Id").withSessionTokenHeader("X-Route-Token"));
        StageRun run = new BenchRun(
                        Clock.system(),
                        BenchSpecs.sender(client, spec),
                        PromptSources.replay(plan, SyntheticTokenizer.INSTANCE, 1, EndpointType.COMPLETIONS),
                        load,
                        false,
                        0,
                        null)
                .run()
                .get(0);
        assertThat(run.records()).hasSize(9).allMatch(b -> b.record().ok());

        Map<String, List<String>> sent = new ConcurrentHashMap<>();
        for (RecordedRequest r : server.requests()) {
            sent.computeIfAbsent(r.headers().get("x-session-id"), k -> new ArrayList<>())
                    .add(String.valueOf(r.headers().get("x-route-token")));
        }
        assertThat(sent.get("a")).containsExactly("null", "a-1", "a-2");
        assertThat(sent.get("b")).containsExactly("null", "b-1", "b-1");
        assertThat(sent.get("c")).containsExactly("null", "c-1", "c-2");
    }
}
