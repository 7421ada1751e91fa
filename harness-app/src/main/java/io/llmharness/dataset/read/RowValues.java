package io.llmharness.dataset.read;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.util.Arrays;

/**
 * Turns JSON values into column row values: scalars into Java scalars, lists of integers (all within int range)
 * into {@code int[]}, everything else into a Jackson tree. The streaming path never builds a tree for an integer
 * list.
 */
final class RowValues {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private final int[] scratchInit = new int[1024];
    private int[] scratch = scratchInit;

    /** Reads the value at the parser's current token (leaves the parser on its last token). */
    Object read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        return switch (t) {
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT ->
                p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? (Object) p.getDoubleValue()
                        : (Object) p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            case START_ARRAY -> readArray(p);
            case START_OBJECT -> MAPPER.readTree(p);
            default -> throw new IOException("unexpected JSON token " + t);
        };
    }

    private Object readArray(JsonParser p) throws IOException {
        int n = 0;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.VALUE_NUMBER_INT && p.getNumberType() == JsonParser.NumberType.INT) {
            if (n == scratch.length) {
                scratch = Arrays.copyOf(scratch, n * 2);
            }
            scratch[n++] = p.getIntValue();
        }
        if (t == JsonToken.END_ARRAY) {
            int[] ids = Arrays.copyOf(scratch, n);
            if (scratch.length > (1 << 20)) {
                scratch = scratchInit;
            }
            return ids;
        }
        ArrayNode array = JsonNodeFactory.instance.arrayNode(n + 8);
        for (int i = 0; i < n; i++) {
            array.add(scratch[i]);
        }
        while (t != JsonToken.END_ARRAY) {
            array.add((JsonNode) MAPPER.readTree(p));
            t = p.nextToken();
        }
        return array;
    }

    /** The row value of a tree node (used for trees read whole: object roots). */
    static Object fromNode(JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isArray()) {
            int[] ids = new int[node.size()];
            for (int i = 0; i < ids.length; i++) {
                JsonNode e = node.get(i);
                if (!e.isInt()) {
                    return node;
                }
                ids[i] = e.intValue();
            }
            return ids;
        }
        if (node.isObject()) {
            return node;
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return node.longValue();
        }
        return node.doubleValue();
    }
}
