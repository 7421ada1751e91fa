package io.llmharness.client.api;

/** A response broke the expected JSON shape. Becomes a protocol-error outcome, never reaches the user raw. */
public final class ResponseFormatException extends RuntimeException {

    public ResponseFormatException(String message) {
        super(message, null, false, false);
    }

    public ResponseFormatException(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
