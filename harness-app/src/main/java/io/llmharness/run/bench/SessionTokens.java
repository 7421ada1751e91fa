package io.llmharness.run.bench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The session tokens of a run (inference-perf's {@code session_token_header_key}): the value a server returned in
 * the named response header for a session, sent back in the same header on the session's later requests. A session
 * keeps its last token (an answer without the header leaves it unchanged). Thread-safe: answers arrive on the
 * client's event loops, requests are built on the scheduling thread.
 */
final class SessionTokens {

    private final String header;
    private final Map<String, String> bySession = new ConcurrentHashMap<>();

    /** @param header the response header to keep and echo, or null for none (then this does nothing) */
    SessionTokens(String header) {
        this.header = header;
    }

    /** The header name, or null. */
    String header() {
        return header;
    }

    /** The response header a request of {@code session} keeps, or null (no token header, or not a session). */
    String keep(String session) {
        return header == null || session == null || session.isEmpty() ? null : header;
    }

    /** The session's last token, or null. */
    String token(String session) {
        return header == null || session == null ? null : bySession.get(session);
    }

    /** An answer of {@code session} arrived carrying {@code value} in the header (null when it did not). */
    void answered(String session, String value) {
        if (header != null && session != null && !session.isEmpty() && value != null && !value.isEmpty()) {
            bySession.put(session, value);
        }
    }
}
