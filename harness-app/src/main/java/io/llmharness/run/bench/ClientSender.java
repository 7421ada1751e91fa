package io.llmharness.run.bench;

import io.llmharness.client.engine.ChoiceOutput;
import io.llmharness.client.engine.ClientRequest;
import io.llmharness.client.engine.LlmClient;
import io.llmharness.workload.spec.WorkloadSpec;
import java.util.List;

/**
 * Sends workload requests through the HTTP client: one prompt per request, the request's own {@code max_tokens},
 * the scheduled and issue times on the request so the client's record measures from the schedule. The prompt is
 * built when the client dispatches the request (a session's context is taken then).
 */
final class ClientSender implements RequestSender {

    private final LlmClient client;
    private final WorkloadSpec spec;

    ClientSender(LlmClient client, WorkloadSpec spec) {
        this.client = client;
        this.spec = spec;
    }

    @Override
    public void submit(Submission s, Completion done) {
        client.submit(new ClientRequest(
                () -> List.of(s.request().prompt()),
                1,
                s.stream(),
                s.scheduledNs(),
                s.issuedNs(),
                s.runIndex(),
                result -> {
                    ChoiceOutput c = result.choice(0);
                    done.done(result.record(), c == null ? null : c.text());
                },
                spec.sampling(s.request().maxTokens())));
    }

    @Override
    public void shutdown(String reason) {
        client.shutdown(reason);
    }
}
