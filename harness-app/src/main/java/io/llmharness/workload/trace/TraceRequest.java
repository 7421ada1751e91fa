package io.llmharness.workload.trace;

/**
 * One row of a trace: one request, when it was sent and what it asked.
 *
 * @param line the row's line number in the file (1-based), for messages
 * @param offsetNs when the request was sent, from the first row of the trace (so the first row is at 0); for a
 *     session's later turn the recorded offset if the trace has one, else -1 (it follows its previous turn after
 *     {@code delayNs})
 * @param inputLength prompt tokens
 * @param outputLength answer tokens (sent as {@code max_tokens} with {@code ignore_eos})
 * @param hashIds one id per KV block of the prompt (the trace's block size), equal ids meaning equal blocks; empty
 *     when the trace has none
 * @param sessionId the conversation this row is a turn of, or null
 * @param delayNs think time after the previous turn of the session was answered, or -1 when the trace has none
 * @param text the prompt's text when the trace carries it (Mooncake {@code text_input}, or the messages as JSON), or
 *     null when the prompt is to be made from {@code inputLength} and {@code hashIds}
 */
public record TraceRequest(
        long line,
        long offsetNs,
        int inputLength,
        int outputLength,
        int[] hashIds,
        String sessionId,
        long delayNs,
        String text) {

    /** A single-turn row with lengths and block ids only. */
    public static TraceRequest of(long line, long offsetNs, int inputLength, int outputLength, int... hashIds) {
        return new TraceRequest(line, offsetNs, inputLength, outputLength, hashIds, null, -1, null);
    }
}
