package io.llmharness.cli.sim;

import io.llmharness.simulator.Admission;
import picocli.CommandLine.Option;

/** {@link Admission}: authentication and waiting-queue bounds. */
final class AdmissionFlags {
    @Option(names = "--api-key", description = "Require 'Authorization: Bearer KEY' (also env VLLM_API_KEY).")
    String apiKey = Admission.DEFAULTS.apiKey();

    @Option(
            names = "--max-waiting-queue-length",
            description = "Waiting-queue bound; beyond it 429; 0 = unbounded (default: ${DEFAULT-VALUE}).")
    int maxWaitingQueueLength = Admission.DEFAULTS.maxWaitingQueueLength();

    @Option(
            names = {"--max-num-queued-reqs", "--max-queued-requests"},
            description = "Waiting-queue bound; beyond it 503; 0 = unbounded (default: ${DEFAULT-VALUE}).")
    int maxNumQueuedRequests = Admission.DEFAULTS.maxNumQueuedRequests();

    /** The admission settings; the key comes from {@code --api-key}, else from {@code VLLM_API_KEY} as in vLLM. */
    Admission toAdmission() {
        String key = apiKey != null ? apiKey : System.getenv("VLLM_API_KEY");
        return new Admission(key == null || key.isEmpty() ? null : key, maxWaitingQueueLength, maxNumQueuedRequests);
    }
}
