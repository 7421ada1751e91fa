package io.llmharness.client.transport;

import io.llmharness.client.record.Outcome;
import java.util.function.UnaryOperator;

/** Milestones of one {@link HttpExchange}, called on its event loop. {@link #done} is called exactly once. */
public interface ExchangeListener {

    /** A connection was obtained; {@code reused} = it came from the keep-alive pool. */
    void connected(long nowNs, boolean reused);

    /** The request was completely written. */
    void sent(long nowNs);

    /** Response headers arrived. */
    void headers(int status, long nowNs);

    /**
     * The response's headers arrived: {@code header} looks one up by name (null when absent), valid only during the
     * call. Called before {@link #headers}; for a listener that keeps a header of the answer (a session token).
     */
    default void responseHeaders(UnaryOperator<String> header) {}

    /** A 429 or 503 answer carried this {@code Retry-After} header; called before {@link #headers}. */
    default void retryAfter(String value) {}

    /**
     * The exchange ended. {@link Outcome#isOk()} means the transport and framing were fine (status 2xx, stream
     * terminated by {@code [DONE]}, body parsed); errors reported inside the body reach the decoder's sink.
     *
     * @param status HTTP status, 0 when no response arrived
     * @param retries resends on a fresh connection after a stale pooled one failed
     */
    void done(Outcome outcome, int status, int retries, long nowNs);
}
