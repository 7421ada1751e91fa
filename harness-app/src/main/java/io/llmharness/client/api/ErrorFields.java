package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonToken;

/**
 * Collects an error found among the top-level fields of a response object, in any of the shapes servers use:
 * nested {@code {"error":{"message","type","code"}}} (vLLM ≥ 0.10.1, SGLang native), {@code {"error":"text"}}
 * (vLLM's 401), flat {@code {"object":"error","message","type","code"}} (legacy vLLM, SGLang OpenAI endpoints).
 * Mutable and reused by one decoder.
 */
final class ErrorFields {

    private static final byte[] ERROR = {'e', 'r', 'r', 'o', 'r'};

    private boolean nested;
    private boolean flatObject;
    private String nestedMessage;
    private String flatMessage;
    String type;
    int code;

    void reset() {
        nested = false;
        flatObject = false;
        nestedMessage = null;
        flatMessage = null;
        type = null;
        code = 0;
    }

    /** Consumes the field if it belongs to an error; the parser is on the field's value. */
    boolean offerTopLevel(String field, JsonCursor p) {
        switch (field) {
            case "error" -> {
                JsonToken t = p.currentToken();
                if (t == JsonToken.START_OBJECT) {
                    nested = true;
                    readNested(p);
                } else if (t == JsonToken.VALUE_STRING) {
                    nested = true;
                    nestedMessage = p.getText();
                } else {
                    p.skipChildren();
                }
                return true;
            }
            case "object" -> {
                // every streamed chunk has "object": compare in place rather than build a String per event
                flatObject = p.textEquals(ERROR);
                p.skipChildren();
                return true;
            }
            case "message" -> {
                flatMessage = DecoderJson.readText(p);
                return true;
            }
            case "type" -> {
                if (!nested) {
                    type = DecoderJson.readText(p);
                } else {
                    p.skipChildren();
                }
                return true;
            }
            case "code" -> {
                if (!nested) {
                    code = (int) DecoderJson.readLong(p);
                } else {
                    p.skipChildren();
                }
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    boolean present() {
        return nested || flatObject;
    }

    String message() {
        String m = nested ? nestedMessage : flatMessage;
        return m == null ? "(no message)" : m;
    }

    private void readNested(JsonCursor p) {
        String f;
        while ((f = DecoderJson.nextField(p)) != null) {
            switch (f) {
                case "message" -> nestedMessage = DecoderJson.readText(p);
                case "type" -> type = DecoderJson.readText(p);
                case "code" -> code = (int) DecoderJson.readLong(p);
                default -> p.skipChildren();
            }
        }
    }
}
