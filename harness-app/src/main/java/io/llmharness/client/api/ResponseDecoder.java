package io.llmharness.client.api;

/** Reads one response's JSON for one request. Not thread-safe; one instance per request. */
public interface ResponseDecoder {

    /**
     * One SSE event's data (UTF-8 JSON), already de-framed.
     *
     * @throws ResponseFormatException when the JSON is malformed or has the wrong shape
     */
    void onEvent(byte[] buf, int off, int len, long nowNs);

    /**
     * A complete non-streamed response body.
     *
     * @throws ResponseFormatException when the JSON is malformed or has the wrong shape
     */
    void onBody(byte[] buf, int off, int len, long nowNs);
}
