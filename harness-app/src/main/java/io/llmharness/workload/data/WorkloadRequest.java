package io.llmharness.workload.data;

import io.llmharness.client.Prompt;

/**
 * One request of a workload: its prompt, its requested output length and, for multi-turn data, the session it
 * continues. Thread-safety: {@link #prompt()} and {@link #answered} may run on the client's event loops and must
 * be quick and non-blocking; {@link #promptTokens()} is called after the run, off the data plane.
 */
public interface WorkloadRequest {

    /** Which item of the data set this is (the prompt's index; for sessions, the session's). */
    long item();

    /** The session this request belongs to, or null for single-turn data. */
    default String session() {
        return null;
    }

    /** Requested output tokens ({@code max_tokens}); 0 leaves it to the server. */
    int maxTokens();

    /** The prompt, built when the request is dispatched (a session's context is taken at that moment). */
    Prompt prompt();

    /** The prompt as it was sent (for a session turn, the context taken at dispatch), or null if never sent. */
    default Prompt sentPrompt() {
        return prompt();
    }

    /** Client-side token count of the prompt as it was sent (contents only, no chat template), -1 if unknown. */
    int promptTokens();

    /** The request finished: {@code text} is its output, or null when it failed. Sessions grow with it. */
    default void answered(String text) {}
}
