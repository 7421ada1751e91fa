package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.fixture.RecordedRequest;
import io.llmharness.client.fixture.Reply;
import io.llmharness.client.fixture.ScriptedServer;
import io.vertx.core.Vertx;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sessions of {@code harness bench --trace} as a server sees them, through the CLI and the real client against a
 * loopback server that records every request: each request of a session carries the session id header
 * ({@code --session-id-header}, or the profile's {@code api.session_id_header_key}), a single row none; a later turn
 * sends the history with the server's answers ({@code --session-history server}, the default) or with the recorded
 * answers ({@code recorded}, the same prompts whatever the server says), and summary.json says which.
 */
class ReplaySessionsTest {

    @TempDir
    Path dir;

    private static Vertx vertx;
    private static ScriptedServer server;
    private static final AtomicInteger answers = new AtomicInteger();

    /**
     * One server for the class, asked once before the first test: on a loaded machine a cold server can miss the
     * run's 5 s readiness probe, which is not what these tests are about.
     */
    @BeforeAll
    static void start() throws Exception {
        vertx = Vertx.vertx();
        server = ScriptedServer.start(vertx, ReplaySessionsTest::reply);
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(server.url() + "/v1/models"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
    }

    @BeforeEach
    void forget() {
        server.requests().clear();
    }

    @AfterAll
    static void stop() {
        server.close();
        vertx.close().await();
    }

    /** An OpenAI completion whose text is {@code ANSWER-n}, streamed when asked; the model list for discovery. */
    private static Reply reply(RecordedRequest r) {
        if (r.path().endsWith("/models")) {
            return Reply.json(200, "{\"object\":\"list\",\"data\":[{\"id\":\"m1\",\"object\":\"model\"}]}");
        }
        String text = "ANSWER-" + answers.incrementAndGet();
        String usage = "\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1,\"total_tokens\":4}";
        if (r.body() != null && r.body().path("stream").asBoolean(false)) {
            return Reply.sseEvents(
                    "data: {\"id\":\"c\",\"object\":\"text_completion\",\"model\":\"m1\",\"choices\":[{\"index\":0,"
                            + "\"text\":\"" + text + "\",\"finish_reason\":null}]}\n\n"
                            + "data: {\"id\":\"c\",\"object\":\"text_completion\",\"model\":\"m1\",\"choices\":[{"
                            + "\"index\":0,\"text\":\"\",\"finish_reason\":\"length\"}]," + usage + "}\n\n"
                            + "data: [DONE]\n\n",
                    0);
        }
        return Reply.json(
                200,
                "{\"id\":\"c\",\"object\":\"text_completion\",\"model\":\"m1\",\"choices\":[{\"index\":0,\"text\":\""
                        + text + "\",\"finish_reason\":\"length\"}]," + usage + "}");
    }

    /** Two conversations of two turns (text rows, so a prompt shows its history) and one single row. */
    private Path trace() throws IOException {
        Path f = dir.resolve("sessions.jsonl");
        Files.writeString(f, """
                {"timestamp": 0, "session_id": "a", "text_input": "alpha one", "output_length": 4}
                {"timestamp": 5, "session_id": "b", "text_input": "beta one", "output_length": 4}
                {"session_id": "a", "delay": 1, "text_input": "alpha two", "output_length": 4}
                {"session_id": "b", "delay": 1, "text_input": "beta two", "output_length": 4}
                {"timestamp": 10, "text_input": "single", "output_length": 2}
                """);
        return f;
    }

    private BenchFixture.Outcome run(String out, String... args) {
        String[] base = {"--endpoint", server.url(), "-m", "m1", "--tokenizer", "synthetic", "--warmup-requests", "0"};
        String[] all = new String[base.length + args.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(args, 0, all, base.length, args.length);
        return bench(dir.resolve(out), Map.of(), new BenchControl(), all);
    }

    private static List<RecordedRequest> completions() {
        return server.requests().stream()
                .filter(r -> r.path().endsWith("/completions"))
                .toList();
    }

    private static String prompt(RecordedRequest r) {
        JsonNode p = r.body().path("prompt");
        return p.isArray() ? p.get(0).asText() : p.asText();
    }

    private static RecordedRequest sent(String question) {
        return completions().stream()
                .filter(r -> prompt(r).endsWith(question))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no request asked " + question + ": " + completions()));
    }

    @Test
    void everyRequestOfASessionCarriesItsIdAndLaterTurnsSendTheServersAnswers() throws IOException {
        BenchFixture.Outcome o = run("server", "--trace", trace().toString(), "--session-id-header", "X-Session-Id");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(completions()).hasSize(5);
        assertThat(sent("alpha one").headers()).containsEntry("x-session-id", "a");
        assertThat(sent("alpha two").headers()).containsEntry("x-session-id", "a");
        assertThat(sent("beta one").headers()).containsEntry("x-session-id", "b");
        assertThat(sent("beta two").headers()).containsEntry("x-session-id", "b");
        assertThat(sent("single").headers()).doesNotContainKey("x-session-id");
        // the second turn holds the first turn and the answer the server gave it
        String second = prompt(sent("alpha two"));
        assertThat(second).contains("alpha one").containsPattern("ANSWER-\\d");
        JsonNode replay = BenchFixture.json(o.run().resolve("summary.json")).path("replay");
        assertThat(replay.path("session_history").asText()).isEqualTo("server");
        assertThat(replay.path("session_context").asText()).contains("server's real answers");
        assertThat(o.out()).contains("session id in header X-Session-Id");
        assertThat(Files.readString(o.run().resolve(BenchFiles.RESOLVED))).contains("session_id_header: X-Session-Id");
    }

    /**
     * {@code --session-token-header} names the response header whose value a session's later requests send back
     * (inference-perf's {@code api.session_token_header_key}; the echo itself: SessionTokenEchoTest). This server
     * hands out no token, so none is sent; the run says which header it listens to.
     */
    @Test
    void theSessionTokenHeaderFlagIsTheProfileKeysEquivalent() throws IOException {
        BenchFixture.Outcome o = run(
                "token",
                "--trace",
                trace().toString(),
                "--session-id-header",
                "X-Session-Id",
                "--session-token-header",
                "X-Affinity");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(completions())
                .hasSize(5)
                .allSatisfy(r -> assertThat(r.headers()).doesNotContainKey("x-affinity"));
        assertThat(o.out()).contains("session token echoed in header X-Affinity");
        assertThat(Files.readString(o.run().resolve(BenchFiles.RESOLVED))).contains("session_token_header: X-Affinity");
    }

    @Test
    void withRecordedHistoryLaterTurnsSendTheRecordedAnswersNotTheServers() throws IOException {
        BenchFixture.Outcome o = run("recorded", "--trace", trace().toString(), "--session-history", "recorded");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(completions()).hasSize(5);
        String second = prompt(sent("alpha two"));
        assertThat(second).startsWith("alpha one").doesNotContain("ANSWER");
        assertThat(sent("alpha one").headers()).doesNotContainKey("x-session-id"); // no header asked for
        JsonNode replay = BenchFixture.json(o.run().resolve("summary.json")).path("replay");
        assertThat(replay.path("session_history").asText()).isEqualTo("recorded");
        assertThat(replay.path("session_context").asText()).contains("recorded answers");
        assertThat(o.out()).contains("each later turn sent the history with the recorded answers");

        // a second run, whatever the server answers now, sends the same prompts
        BenchFixture.Outcome again = run("again", "--trace", trace().toString(), "--session-history", "recorded");
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(completions().stream()
                        .filter(r -> prompt(r).endsWith("alpha two"))
                        .map(ReplaySessionsTest::prompt))
                .containsExactly(second, second);
    }

    @Test
    void aProfilesSessionIdHeaderKeyIsSentOnATraceReplayProfile() throws IOException {
        Path profile = dir.resolve("sessions.yaml");
        Files.writeString(profile, """
                load:
                  type: trace_replay
                  trace:
                    file: %s
                    format: mooncake
                api:
                  type: completion
                  session_id_header_key: x-conversation
                server:
                  type: vllm
                data:
                  type: random
                """.formatted(trace()));
        BenchFixture.Outcome o = run("profile", "-w", profile.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(sent("beta two").headers()).containsEntry("x-conversation", "b");
        assertThat(sent("single").headers()).doesNotContainKey("x-conversation");
    }

    @Test
    void aProfilesMultiTurnDataCarriesTheSessionIdHeaderToo() throws IOException {
        Path profile = dir.resolve("multi_turn.yaml");
        Files.writeString(profile, """
                load:
                  type: constant
                  stages:
                  - rate: 20
                    duration: 0.3
                api:
                  type: completion
                server:
                  type: vllm
                data:
                  type: shared_prefix
                  shared_prefix:
                    num_groups: 1
                    num_prompts_per_group: 2
                    system_prompt_len: 10
                    question_len: 5
                    output_len: 2
                    enable_multi_turn_chat: true
                """);
        BenchFixture.Outcome o = run("multi", "-w", profile.toString(), "--session-id-header", "X-Sid");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(completions()).hasSize(6);
        assertThat(completions())
                .allSatisfy(r -> assertThat(r.headers().get("x-sid")).matches("g0-u[01]"));
        assertThat(completions().stream().map(r -> r.headers().get("x-sid")).distinct())
                .hasSize(2);
    }

    @Test
    void badSessionFlagsAreOneErrorLine() throws IOException {
        String t = trace().toString();
        for (String[] args : List.of(
                new String[] {"--trace", t, "--session-history", "model", "use server"},
                new String[] {"--trace", t, "--session-id-header", "X Session", "--session-id-header 'X Session'"},
                new String[] {"--trace", t, "--session-id-header", "Content-Type", "--session-id-header"},
                new String[] {"--trace", t, "--session-token-header", "X Token", "--session-token-header 'X Token'"},
                new String[] {
                    "--trace",
                    t,
                    "--session-id-header",
                    "X-S",
                    "--session-token-header",
                    "x-s",
                    "--session-token-header 'x-s': the session's id and its token need headers of their own"
                },
                new String[] {"--session-history", "recorded", "only with --trace"})) {
            String[] flags = java.util.Arrays.copyOf(args, args.length - 1);
            BenchFixture.Outcome o = run("bad", flags);
            assertThat(o.exit()).as(o.err()).isEqualTo(2);
            assertThat(o.errorLines()).as(o.err()).singleElement().asString().contains(args[args.length - 1]);
            assertThat(o.err()).doesNotContain("Exception", "\tat ");
        }
        assertThat(completions()).isEmpty();
    }
}
