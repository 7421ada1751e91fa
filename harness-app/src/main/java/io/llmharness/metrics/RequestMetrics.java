package io.llmharness.metrics;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RequestRecord;

/**
 * Per-request metric values, in nanoseconds, or {@link RequestRecord#ABSENT} when a request has no such value.
 * The one place these definitions live: the summary and the per-request tables both use it.
 *
 * <p>Token timing ({@code ttft}, {@code ttft_from_send}, {@code tpot}, {@code time_per_request}) exists only for
 * streamed requests: a non-streamed response's "first token" is the end of its body, so these would be
 * meaningless. For a batch request ({@code promptCount > 1}) the prompts decode side by side, so per-token figures
 * use the mean output length per prompt, {@code outputTokens / promptCount}. Integer divisions truncate.
 */
public final class RequestMetrics {

    private RequestMetrics() {}

    /** {@code ttft}: first token − scheduled; streamed requests only. */
    public static long ttftNs(RequestRecord r) {
        return r.stream() ? r.ttftNs() : ABSENT;
    }

    /** {@code ttft_from_send}: first token − sent; streamed requests only. */
    public static long ttftFromSendNs(RequestRecord r) {
        return r.stream() ? r.ttftFromSendNs() : ABSENT;
    }

    /** {@code e2e_latency}: done − scheduled. */
    public static long e2eNs(RequestRecord r) {
        return r.e2eNs();
    }

    /** {@code e2e_latency_from_send}: done − sent. */
    public static long e2eFromSendNs(RequestRecord r) {
        return r.e2eFromSendNs();
    }

    /**
     * {@code tpot}: (done − first token) / (tokens per prompt − 1); streamed requests with at least two output
     * tokens per prompt on average. With one prompt this is the vLLM/MLPerf definition.
     */
    public static long tpotNs(RequestRecord r) {
        long decodeTokens = r.outputTokens() - r.promptCount();
        if (!r.stream() || r.firstTokenNs() == ABSENT || r.doneNs() == ABSENT || decodeTokens <= 0) {
            return ABSENT;
        }
        // (done − first) / (T/P − 1) = (done − first) · P / (T − P); durations × batch sizes stay far below 2^63
        return (r.doneNs() - r.firstTokenNs()) * r.promptCount() / decodeTokens;
    }

    /** {@code ntpot}: e2e_latency / tokens per prompt; requests with at least one output token. */
    public static long ntpotNs(RequestRecord r) {
        long e2e = r.e2eNs();
        if (e2e == ABSENT || r.outputTokens() <= 0) {
            return ABSENT;
        }
        return e2e * r.promptCount() / r.outputTokens();
    }

    /**
     * {@code time_per_request}: ttft + tpot × tokens per prompt; streamed requests with a first token and at least
     * one output token. With one token per prompt there is no decode phase and the value is the ttft.
     */
    public static long timePerRequestNs(RequestRecord r) {
        long ttft = ttftNs(r);
        if (ttft == ABSENT || r.outputTokens() <= 0) {
            return ABSENT;
        }
        long tpot = tpotNs(r);
        return tpot == ABSENT ? ttft : ttft + tpot * r.outputTokens() / r.promptCount();
    }

    /** {@code schedule_delay}: issued − scheduled, the harness's own lateness. */
    public static long scheduleDelayNs(RequestRecord r) {
        return r.scheduleDelayNs();
    }

    /** {@code connection_wait}: connected − issued, time spent waiting for an in-flight slot and a connection. */
    public static long connectionWaitNs(RequestRecord r) {
        return r.connectionWaitNs();
    }

    /** Mean gap between the request's output chunks, or {@link RequestRecord#ABSENT} with fewer than 2 chunks. */
    public static long meanChunkGapNs(RequestRecord r) {
        return r.lastTokenNs() == ABSENT || r.firstTokenNs() == ABSENT ? ABSENT : r.meanChunkGapNs();
    }

    /**
     * When the request counts as started, which decides whether it falls in a measured window: the scheduled time,
     * else the issue time, else the completion time.
     */
    public static long startNs(RequestRecord r) {
        if (r.scheduledNs() != ABSENT) {
            return r.scheduledNs();
        }
        return r.issuedNs() != ABSENT ? r.issuedNs() : r.doneNs();
    }
}
