package io.llmharness.client.engine;

/**
 * Hears about one request. Called on an event loop: return quickly, never block. Both methods may throw nothing
 * useful: exceptions are logged and otherwise ignored.
 */
public interface RequestObserver {

    /**
     * The first output of prompt {@code index} arrived in a streamed response (never called for non-streamed
     * responses, nor for a chat role chunk).
     *
     * @param ids the first chunk's token ids (valid during the call), or null when the server returns none
     * @param idCount number of valid ids
     * @param text the first chunk's text, or null unless the client collects text
     */
    default void onFirstOutput(int index, int[] ids, int idCount, String text) {}

    /** The request ended (success or not). Called exactly once, after any {@link #onFirstOutput}. */
    void onComplete(RequestResult result);
}
