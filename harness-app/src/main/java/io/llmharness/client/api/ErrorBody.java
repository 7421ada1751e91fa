package io.llmharness.client.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;

/**
 * The message of a non-2xx response body, in whichever shape the server used: nested
 * {@code {"error":{"message":…}}}, {@code {"error":"text"}}, flat {@code {"object":"error","message":…}}, FastAPI's
 * {@code {"detail":…}}, or plain text.
 *
 * @param message one line, never null, at most {@link #MAX_MESSAGE} characters
 * @param type the server's error type, or null
 */
public record ErrorBody(String message, String type) {

    /** Longest message kept; longer ones are cut with an ellipsis. */
    public static final int MAX_MESSAGE = 500;

    /** Parses an error body; never throws. */
    public static ErrorBody parse(byte[] body, int len) {
        if (len == 0) {
            return new ErrorBody("(empty body)", null);
        }
        try {
            JsonNode n = DecoderJson.MAPPER.readTree(body, 0, len);
            if (n != null && n.isObject()) {
                JsonNode error = n.get("error");
                if (error != null && error.isObject() && error.hasNonNull("message")) {
                    return of(error.get("message").asText(), text(error.get("type")));
                }
                if (error != null && error.isTextual()) {
                    return of(error.asText(), null);
                }
                if (n.hasNonNull("message")) {
                    return of(n.get("message").asText(), text(n.get("type")));
                }
                JsonNode detail = n.get("detail");
                if (detail != null && !detail.isNull()) {
                    return of(detail.isTextual() ? detail.asText() : detail.toString(), null);
                }
            }
        } catch (Exception notJson) {
            // plain text below
        }
        return of(new String(body, 0, len, StandardCharsets.UTF_8), null);
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    private static ErrorBody of(String message, String type) {
        String one = message.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        if (one.length() > MAX_MESSAGE) {
            one = one.substring(0, MAX_MESSAGE) + "…";
        }
        return new ErrorBody(one.isEmpty() ? "(empty message)" : one, type);
    }
}
