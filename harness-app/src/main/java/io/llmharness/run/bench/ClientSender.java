package io.llmharness.run.bench;

import io.llmharness.client.SamplingParams;
import io.llmharness.client.engine.ChoiceOutput;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.List;
import java.util.Map;

/**
 * Sends workload requests through the HTTP client: one prompt per request, the request's own {@code max_tokens},
 * the scheduled and issue times on the request so the client's record measures from the schedule. The prompt is
 * built when the client dispatches the request (a session's context is taken then). A request of a session carries
 * the session's id in the spec's session header, when it names one; with a session token header, the value the
 * server last returned in that header for the session goes back on its next requests (inference-perf's
 * {@code session_token_header_key}: a router's affinity token); the first request of a session has none.
 */
final class ClientSender implements RequestSender {

    private final LlmClient client;
    private final WorkloadSpec spec;
    private final boolean replay;
    private final boolean minTokens;
    private final SessionTokens tokens;

    ClientSender(LlmClient client, WorkloadSpec spec) {
        this.client = client;
        this.spec = spec;
        this.replay = spec.load().replay() != null;
        String type = spec.server().type();
        this.minTokens = type == null || type.isBlank() || type.equalsIgnoreCase("vllm");
        this.tokens = new SessionTokens(spec.api().sessionTokenHeader());
    }

    @Override
    public int prepareConnections(int perServer) {
        return client.prepareConnections(perServer).await();
    }

    @Override
    public void forgetWarmup() {
        client.resetMeasurements();
    }

    @Override
    public void submit(Submission s, Completion done) {
        String session = s.request().session();
        client.submit(new ClientRequest(
                () -> List.of(s.request().prompt()),
                1,
                s.stream(),
                s.scheduledNs(),
                s.issuedNs(),
                s.runIndex(),
                result -> {
                    tokens.answered(session, result.keptHeader());
                    ChoiceOutput c = result.choice(0);
                    done.done(result.record(), c == null ? null : c.text());
                },
                sampling(s.request().maxTokens()),
                headers(session),
                tokens.keep(session)));
    }

    /** The session's headers: its id when the spec names an id header, its last token when it has one; else none. */
    private Map<String, String> headers(String session) {
        if (session == null || session.isEmpty()) {
            return Map.of();
        }
        String name = spec.api().sessionIdHeader();
        String token = tokens.token(session);
        if (token == null) {
            return name == null ? Map.of() : Map.of(name, headerValue(session));
        }
        return name == null
                ? Map.of(tokens.header(), token)
                : Map.of(name, headerValue(session), tokens.header(), token);
    }

    /** The id as a header value: itself when it is printable ASCII, else percent-encoded UTF-8. */
    static String headerValue(String id) {
        boolean plain = id.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
        return plain ? id : java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8);
    }

    /**
     * The request's generation parameters: the spec's; a trace replay always sends {@code ignore_eos} so that the
     * answer has the recorded length, and to vLLM also {@code min_tokens} equal to {@code max_tokens}.
     */
    private SamplingParams sampling(int maxTokens) {
        SamplingParams p = spec.sampling(maxTokens);
        if (!replay) {
            return p;
        }
        p = p.withIgnoreEos(true);
        return minTokens && maxTokens > 0 ? p.withMinTokens(maxTokens) : p;
    }

    @Override
    public void shutdown(String reason) {
        client.shutdown(reason);
    }
}
