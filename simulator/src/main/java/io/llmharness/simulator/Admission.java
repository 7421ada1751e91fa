package io.llmharness.simulator;

/**
 * Which requests are let in: authentication and the bounds of the waiting queue.
 *
 * @param apiKey require {@code Authorization: Bearer <key>} on API routes, 401 otherwise ({@code --api-key}); null =
 *     no authentication
 * @param maxWaitingQueueLength waiting-queue bound per engine, beyond it requests get 429 as with llm-d
 *     ({@code --max-waiting-queue-length}); 0 = unbounded, as vLLM
 * @param maxNumQueuedRequests waiting-queue bound per engine, beyond it requests get 503 as with vLLM's admission
 *     control ({@code --max-num-queued-reqs}); 0 = off
 */
public record Admission(String apiKey, int maxWaitingQueueLength, int maxNumQueuedRequests)
        implements SimulatorOptions.Group {
    /** The defaults: no authentication, an unbounded queue. */
    public static final Admission DEFAULTS = new Admission(null, 0, 0);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Admission {
        Check.nonNegative("maxWaitingQueueLength (--max-waiting-queue-length)", maxWaitingQueueLength);
        Check.nonNegative("maxNumQueuedRequests (--max-num-queued-reqs)", maxNumQueuedRequests);
    }

    /** This API key (null = none). */
    public Admission withApiKey(String value) {
        return new Admission(value, maxWaitingQueueLength, maxNumQueuedRequests);
    }

    /** 429 beyond this many waiting requests (0 = unbounded). */
    public Admission withMaxWaitingQueueLength(int value) {
        return new Admission(apiKey, value, maxNumQueuedRequests);
    }

    /** 503 beyond this many waiting requests (0 = off). */
    public Admission withMaxNumQueuedRequests(int value) {
        return new Admission(apiKey, maxWaitingQueueLength, value);
    }
}
