package io.llmharness.client.api;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Shared Jackson configuration (request bodies, error bodies) and small read helpers for the decoders. */
public final class DecoderJson {

    /** Lenient mapper: unknown properties ignored, nulls accepted. Thread-safe. */
    public static final ObjectMapper MAPPER =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    static final JsonFactory FACTORY = MAPPER.getFactory();

    private DecoderJson() {}

    /** Reads an int array (current token START_ARRAY) into {@code out}; returns false for null or a non-array. */
    static boolean readInts(JsonCursor p, IntScratch out) {
        out.clear();
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return false;
        }
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == JsonToken.VALUE_NUMBER_INT) {
                out.add(p.getIntValue());
            } else {
                throw new ResponseFormatException("token id array holds a non-integer: " + p.getText());
            }
        }
        return true;
    }

    /** The current scalar as a long, or -1 for null and non-numbers (whose children are skipped). */
    static long readLong(JsonCursor p) {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT) {
            return p.getLongValue();
        }
        if (t == JsonToken.VALUE_NUMBER_FLOAT) {
            return (long) p.getDoubleValue();
        }
        p.skipChildren();
        return -1;
    }

    /** The current scalar as text, or null for null, objects and arrays (whose children are skipped). */
    static String readText(JsonCursor p) {
        JsonToken t = p.currentToken();
        if (t != null && t.isScalarValue() && t != JsonToken.VALUE_NULL) {
            return p.getText();
        }
        p.skipChildren();
        return null;
    }

    /** Whether the current token is a non-empty string, without materialising it. */
    static boolean nonEmptyString(JsonCursor p) {
        return p.currentToken() == JsonToken.VALUE_STRING && p.hasText();
    }

    /**
     * Inside an object: the next field's name, with the cursor moved onto its value; null at the object's end.
     * The decoders' field loop, {@code while ((f = nextField(p)) != null) switch (f) …}, without allocating.
     */
    static String nextField(JsonCursor p) {
        if (p.nextToken() != JsonToken.FIELD_NAME) {
            return null;
        }
        String name = p.currentName();
        p.nextToken();
        return name;
    }

    /** Whether the current token opens an object; any other value is skipped (with its children). */
    static boolean enterObject(JsonCursor p) {
        if (p.currentToken() == JsonToken.START_OBJECT) {
            return true;
        }
        p.skipChildren();
        return false;
    }

    static void expect(JsonCursor p, JsonToken expected, String what) {
        if (p.currentToken() != expected) {
            throw new ResponseFormatException(what + ": expected " + expected + " but got " + p.currentToken());
        }
    }
}
