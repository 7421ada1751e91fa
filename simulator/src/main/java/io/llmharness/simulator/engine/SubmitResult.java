package io.llmharness.simulator.engine;

/** Outcome of handing a request's sequences to the engines. */
public enum SubmitResult {
    ACCEPTED,
    /** The waiting queue is at {@code maxWaitingQueueLength}: answer 429 (llm-d simulator style). */
    QUEUE_FULL_RATE_LIMIT,
    /** The waiting queue is at {@code maxNumQueuedRequests}: answer 503 (vLLM admission control). */
    QUEUE_FULL_UNAVAILABLE,
    /** The server is stopping or its engine died. */
    STOPPED
}
