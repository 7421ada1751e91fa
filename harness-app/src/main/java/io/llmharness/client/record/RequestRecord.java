package io.llmharness.client.record;

/**
 * The timing record of one HTTP request (immutable). All times are {@link System#nanoTime()} values in
 * nanoseconds, or {@link #ABSENT} when the request never reached that point; pair them with the wall-clock anchor
 * of the {@link RecordSnapshot}.
 *
 * <p>Milestones, in order: {@code scheduled} (when the load generator intended the request to start) ·
 * {@code issued} (handed to the client) · {@code dispatched} (left the client's in-flight cap queue) ·
 * {@code connected} (a connection was obtained from the pool) · {@code sent} (request bytes written) ·
 * {@code headers} (response headers read) · {@code role} (chat role chunk) · {@code firstToken} (first chunk with
 * content or token ids) · {@code lastToken} · {@code done} (response complete or failed).
 *
 * <p>Chunk gaps are summarised as a count and a maximum; the pooled gap histograms live in
 * {@link ChunkGapRecorder}. {@code chunkTimesNs} is only filled when per-chunk output was asked for.
 *
 * @param requestId sequence number of the request within its client (0-based)
 * @param endpoint index of the server in the client's endpoint list
 * @param endpointUrl base URL of that server
 * @param sampleIndex dataset index of the first prompt (for LoadGen runs, the QSL index), or -1
 * @param promptCount prompts carried by the request (1, or the batch size)
 * @param stream whether the response was requested as an SSE stream
 * @param scheduledNs intended start time
 * @param issuedNs handed to the client
 * @param dispatchedNs left the in-flight cap queue
 * @param connectedNs connection obtained
 * @param sentNs request fully written
 * @param headersNs response headers received
 * @param roleNs chat role chunk received
 * @param firstTokenNs first chunk carrying output received (for non-streamed responses: the body end)
 * @param lastTokenNs last chunk carrying output received
 * @param doneNs request finished (successfully or not)
 * @param chunks number of chunks carrying output
 * @param maxGapNs largest gap between two consecutive output chunks, 0 with fewer than two chunks
 * @param inputTokens prompt tokens reported by the server, -1 when unknown
 * @param outputTokens output tokens over all prompts of the request, -1 when unknown
 * @param outputTokenSource where {@code outputTokens} came from
 * @param httpStatus response status, 0 when no response arrived
 * @param retries how many times the request was resent: after a 429/503 answer, or on a fresh connection after a
 *     stale pooled one failed
 * @param outcome how the request ended
 * @param chunkTimesNs arrival time of every output chunk, or null unless asked for
 * @param clientWait why the request waited in the client before dispatch ({@link ClientWait#NONE} if it did not)
 */
public record RequestRecord(
        long requestId,
        int endpoint,
        String endpointUrl,
        long sampleIndex,
        int promptCount,
        boolean stream,
        long scheduledNs,
        long issuedNs,
        long dispatchedNs,
        long connectedNs,
        long sentNs,
        long headersNs,
        long roleNs,
        long firstTokenNs,
        long lastTokenNs,
        long doneNs,
        int chunks,
        long maxGapNs,
        long inputTokens,
        long outputTokens,
        TokenCountSource outputTokenSource,
        int httpStatus,
        int retries,
        Outcome outcome,
        long[] chunkTimesNs,
        ClientWait clientWait) {

    /** Marks a milestone the request never reached. */
    public static final long ABSENT = Long.MIN_VALUE;

    public RequestRecord {
        clientWait = clientWait == null ? ClientWait.NONE : clientWait;
    }

    /** A record of a request that did not wait in the client (the layout before {@code clientWait} existed). */
    public RequestRecord(
            long requestId,
            int endpoint,
            String endpointUrl,
            long sampleIndex,
            int promptCount,
            boolean stream,
            long scheduledNs,
            long issuedNs,
            long dispatchedNs,
            long connectedNs,
            long sentNs,
            long headersNs,
            long roleNs,
            long firstTokenNs,
            long lastTokenNs,
            long doneNs,
            int chunks,
            long maxGapNs,
            long inputTokens,
            long outputTokens,
            TokenCountSource outputTokenSource,
            int httpStatus,
            int retries,
            Outcome outcome,
            long[] chunkTimesNs) {
        this(
                requestId,
                endpoint,
                endpointUrl,
                sampleIndex,
                promptCount,
                stream,
                scheduledNs,
                issuedNs,
                dispatchedNs,
                connectedNs,
                sentNs,
                headersNs,
                roleNs,
                firstTokenNs,
                lastTokenNs,
                doneNs,
                chunks,
                maxGapNs,
                inputTokens,
                outputTokens,
                outputTokenSource,
                httpStatus,
                retries,
                outcome,
                chunkTimesNs,
                ClientWait.NONE);
    }

    /** Whether the request succeeded. */
    public boolean ok() {
        return outcome.isOk();
    }

    /** {@code ttft}: first token − scheduled, or {@link #ABSENT}. */
    public long ttftNs() {
        return diff(firstTokenNs, scheduledNs);
    }

    /** {@code ttft_from_send}: first token − sent, or {@link #ABSENT}. */
    public long ttftFromSendNs() {
        return diff(firstTokenNs, sentNs);
    }

    /** {@code e2e_latency}: done − scheduled. */
    public long e2eNs() {
        return diff(doneNs, scheduledNs);
    }

    /** {@code e2e_latency_from_send}: done − sent, or {@link #ABSENT}. */
    public long e2eFromSendNs() {
        return diff(doneNs, sentNs);
    }

    /** {@code tpot}: (done − first token) / (output tokens − 1), or {@link #ABSENT} with fewer than 2 tokens. */
    public long tpotNs() {
        if (outputTokens < 2 || firstTokenNs == ABSENT) {
            return ABSENT;
        }
        return (doneNs - firstTokenNs) / (outputTokens - 1);
    }

    /** Mean gap between output chunks (per request {@code itl_chunk} mean), or {@link #ABSENT}. */
    public long meanChunkGapNs() {
        if (chunks < 2) {
            return ABSENT;
        }
        return (lastTokenNs - firstTokenNs) / (chunks - 1);
    }

    /** {@code schedule_delay}: issued − scheduled, the harness's own lateness. */
    public long scheduleDelayNs() {
        return diff(issuedNs, scheduledNs);
    }

    /** Time spent waiting for an in-flight slot and a connection: connected − issued, or {@link #ABSENT}. */
    public long connectionWaitNs() {
        return diff(connectedNs, issuedNs);
    }

    /** Time spent in the client's queue before dispatch (see {@link #clientWait()}): dispatched − issued. */
    public long queueWaitNs() {
        return diff(dispatchedNs, issuedNs);
    }

    /** Time from dispatch until a connection was obtained (pool, or opening one): connected − dispatched. */
    public long poolWaitNs() {
        return diff(connectedNs, dispatchedNs);
    }

    private static long diff(long later, long earlier) {
        return later == ABSENT || earlier == ABSENT ? ABSENT : later - earlier;
    }
}
