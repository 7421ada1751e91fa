package io.llmharness.simulator.engine;

/**
 * Receives a sequence's output. Called on the engine's thread, once per generated token and once more (with
 * {@code tokenId = -1}) when a sequence is aborted or fails without a token; implementations hand the event to their
 * own event loop and must not block.
 */
public interface SequenceListener {
    /**
     * @param seq the sequence
     * @param tokenId the new token, or -1 when the event carries no token
     * @param text text released by this token (may be empty: held back for a stop string or a partial character)
     * @param finish non-null on the sequence's last event
     * @param stopReason the matched stop string (String) or stop token id (Integer), else null
     * @param nowNanos engine time of the event ({@link System#nanoTime()} domain)
     */
    void onOutput(Sequence seq, int tokenId, String text, FinishReason finish, Object stopReason, long nowNanos);
}
