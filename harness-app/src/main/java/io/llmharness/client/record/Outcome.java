package io.llmharness.client.record;

import java.util.regex.Pattern;

/**
 * How a request ended, as a value. Exactly one outcome per request; only {@link Ok} counts as a success.
 * {@link #describe()} gives a one-line text for logs and error messages.
 */
public sealed interface Outcome {

    /** Short stable name, used as a column value in request tables. */
    Kind kind();

    /** One line for humans. */
    String describe();

    /** Whether the request succeeded. */
    default boolean isOk() {
        return kind() == Kind.OK;
    }

    /** The outcome kinds, as reported in tables. */
    enum Kind {
        OK,
        HTTP_ERROR,
        TIMEOUT,
        TRANSPORT_ERROR,
        PROTOCOL_ERROR,
        INVALID_REQUEST,
        CANCELLED
    }

    /** The shared success value. */
    Ok OK = new Ok();

    /** The request completed and the response was well formed (for streams: ended with {@code [DONE]}). */
    record Ok() implements Outcome {
        @Override
        public Kind kind() {
            return Kind.OK;
        }

        @Override
        public String describe() {
            return "ok";
        }
    }

    /**
     * The server answered with an error: a non-2xx status, or an error event inside a 200 stream.
     *
     * @param status HTTP status; for an error event inside a stream, the event's {@code code} if it is an HTTP
     *     status, else 200
     * @param message the server's message (from {@code error.message}, a flat {@code message}, or the body text)
     * @param type the server's error type when given, else null
     * @param midStream true when the error arrived as an event after a 200 stream had started
     */
    record HttpError(int status, String message, String type, boolean midStream) implements Outcome {

        private static final Pattern CONTEXT_OVERFLOW = Pattern.compile(
                "context length|maximum model length|max_model_len|too large", Pattern.CASE_INSENSITIVE);

        @Override
        public Kind kind() {
            return Kind.HTTP_ERROR;
        }

        /** A 400 whose message says the prompt plus output does not fit the model's context; never retried. */
        public boolean contextOverflow() {
            return status == 400
                    && message != null
                    && CONTEXT_OVERFLOW.matcher(message).find();
        }

        /** 429 or 503: the server was overloaded or draining; a retry later might succeed. */
        public boolean retryable() {
            return status == 429 || status == 503;
        }

        @Override
        public String describe() {
            return (midStream ? "error event in stream" : "HTTP " + status) + ": " + message;
        }
    }

    /**
     * A client timeout fired; the connection was closed.
     *
     * @param phase which timeout
     * @param limitMs the limit that was exceeded, in milliseconds
     */
    record Timeout(TimeoutPhase phase, long limitMs) implements Outcome {
        @Override
        public Kind kind() {
            return Kind.TIMEOUT;
        }

        @Override
        public String describe() {
            return switch (phase) {
                case CONNECT -> "connect timeout after " + limitMs + " ms";
                case HEADERS -> "no response headers within " + limitMs + " ms";
                case IDLE -> "stream stalled: no bytes for " + limitMs + " ms";
                case TOTAL -> "request exceeded the total timeout of " + limitMs + " ms";
            };
        }
    }

    /**
     * The connection failed: refused, reset, closed early, DNS failure.
     *
     * @param message what the network stack said
     * @param connect true when no connection could be opened at all (the server is unreachable)
     */
    record TransportError(String message, boolean connect) implements Outcome {
        @Override
        public Kind kind() {
            return Kind.TRANSPORT_ERROR;
        }

        @Override
        public String describe() {
            return (connect ? "cannot connect: " : "connection failed: ") + message;
        }
    }

    /**
     * The response broke the API contract: wrong content type, malformed JSON, stream closed without
     * {@code [DONE]}, a size limit exceeded, a missing choice.
     */
    record ProtocolError(String message) implements Outcome {
        @Override
        public Kind kind() {
            return Kind.PROTOCOL_ERROR;
        }

        @Override
        public String describe() {
            return "bad response: " + message;
        }
    }

    /** The client could not build the request (e.g. chat messages for an endpoint that takes token ids). */
    record InvalidRequest(String message) implements Outcome {
        @Override
        public Kind kind() {
            return Kind.INVALID_REQUEST;
        }

        @Override
        public String describe() {
            return "invalid request: " + message;
        }
    }

    /** The client gave up on the request (shutdown, run aborted) before it finished. */
    record Cancelled(String reason) implements Outcome {
        @Override
        public Kind kind() {
            return Kind.CANCELLED;
        }

        @Override
        public String describe() {
            return "cancelled: " + reason;
        }
    }
}
