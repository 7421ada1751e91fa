package io.llmharness.client.sse;

/** Receives the events found by an {@link SseParser}. Called on the thread that feeds the parser. */
public interface SseHandler {

    /**
     * One complete event's data (its {@code data:} lines joined with {@code \n}), raw UTF-8 bytes. The array is the
     * parser's or the slice being fed, and only valid during the call.
     */
    void onData(byte[] buf, int off, int len);

    /** The {@code data: [DONE]} terminator was read; the parser ignores everything after it. */
    default void onDone() {}
}
