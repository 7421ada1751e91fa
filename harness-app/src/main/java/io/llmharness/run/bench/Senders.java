package io.llmharness.run.bench;

import io.llmharness.client.engine.LlmClient;
import io.llmharness.workload.spec.WorkloadSpec;

/** The production {@link RequestSender}s. */
public final class Senders {

    private Senders() {}

    /** Sends through the HTTP client with each request's own {@code max_tokens} and the spec's {@code ignore_eos}. */
    public static RequestSender client(LlmClient client, WorkloadSpec spec) {
        return new ClientSender(client, spec);
    }
}
