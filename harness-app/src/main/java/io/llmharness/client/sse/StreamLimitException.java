package io.llmharness.client.sse;

/**
 * A response exceeded one of the client's size limits. The message names the limit and its value, so the user
 * knows which option to raise.
 */
public final class StreamLimitException extends RuntimeException {

    private final String limitName;
    private final long limit;

    /**
     * @param what what was too large, e.g. "SSE event"
     * @param limitName the option that sets the limit, e.g. "maxEventBytes"
     * @param limit the limit in bytes
     */
    public StreamLimitException(String what, String limitName, long limit) {
        super(what + " larger than " + limit + " bytes (client limit " + limitName + ")", null, false, false);
        this.limitName = limitName;
        this.limit = limit;
    }

    /** Name of the option that sets the exceeded limit. */
    public String limitName() {
        return limitName;
    }

    /** The exceeded limit in bytes. */
    public long limit() {
        return limit;
    }
}
