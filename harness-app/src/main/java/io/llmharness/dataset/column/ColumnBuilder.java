package io.llmharness.dataset.column;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Collects one value per row and builds the narrowest {@link Column} that holds them all.
 *
 * <p>Accepted row values: {@code null}, {@code String}, {@code Long}/{@code Integer}, {@code Double}/{@code
 * Float}, {@code Boolean}, {@code byte[]}, {@code int[]} (a token-id list) and Jackson {@code JsonNode} (nested).
 * Typing rules: only token lists → {@link TokenIdsColumn}; only integers → {@link LongColumn}; integers and
 * floats → {@link DoubleColumn}; only booleans → {@link BooleanColumn}; only bytes → {@link BytesColumn}; text
 * mixed with scalars → {@link StringColumn} (scalars rendered as text); anything involving nested values or token
 * lists mixed with other kinds → {@link JsonColumn}. Nulls fit every type; an all-null column is a string column.
 */
public final class ColumnBuilder {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final List<Object> values = new ArrayList<>();
    private long tokenCount;
    private boolean tokens;
    private boolean longs;
    private boolean doubles;
    private boolean booleans;
    private boolean strings;
    private boolean bytes;
    private boolean nested;

    public ColumnBuilder(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Rows added so far. */
    public int size() {
        return values.size();
    }

    /** The value added for a row, as it was added (for readers that validate or re-type). */
    public Object get(int row) {
        return values.get(row);
    }

    /** Appends one row. */
    public ColumnBuilder add(Object value) {
        values.add(normalize(value));
        return this;
    }

    /** Replaces the value of the last row (a duplicate key inside one record: the last one wins, like pandas). */
    void replaceLast(Object value) {
        values.set(values.size() - 1, normalize(value));
    }

    /** Appends nulls until the column has {@code rows} rows. */
    public ColumnBuilder padTo(int rows) {
        while (values.size() < rows) {
            values.add(null);
        }
        return this;
    }

    private Object normalize(Object value) {
        Object v = value;
        if (v instanceof JsonNode node && !node.isContainerNode()) {
            v = scalarOf(node);
        }
        switch (v) {
            case null -> {}
            case Integer i -> {
                longs = true;
                v = i.longValue();
            }
            case Long l -> longs = true;
            case Float f -> {
                doubles = true;
                v = f.doubleValue();
            }
            case Double d -> doubles = true;
            case Boolean b -> booleans = true;
            case String s -> strings = true;
            case byte[] b -> bytes = true;
            case int[] ids -> {
                tokens = true;
                tokenCount += ids.length;
            }
            case JsonNode n -> nested = true;
            default ->
                throw new IllegalArgumentException(
                        "unsupported column value " + v.getClass().getName());
        }
        return v;
    }

    private static Object scalarOf(JsonNode node) {
        if (node.isNull() || node.isMissingNode()) {
            return null;
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.canConvertToExactIntegral() && node.isIntegralNumber() && node.canConvertToLong()) {
            return node.longValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isBinary()) {
            try {
                return node.binaryValue();
            } catch (java.io.IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return node.asText();
    }

    /** The type {@link #build()} will choose. */
    public ColumnType type() {
        boolean scalars = longs || doubles || booleans || strings;
        if (nested || (tokens && (scalars || bytes)) || (bytes && scalars)) {
            return ColumnType.JSON;
        }
        if (tokens) {
            return ColumnType.TOKEN_IDS;
        }
        if (bytes) {
            return ColumnType.BYTES;
        }
        if (strings || (booleans && (longs || doubles))) {
            return ColumnType.STRING;
        }
        if (doubles) {
            return ColumnType.DOUBLE;
        }
        if (longs) {
            return ColumnType.LONG;
        }
        return booleans ? ColumnType.BOOLEAN : ColumnType.STRING;
    }

    /** Builds the column; the builder should not be used afterwards. */
    public Column build() {
        int n = values.size();
        BitSet nulls = new BitSet(n);
        for (int i = 0; i < n; i++) {
            if (values.get(i) == null) {
                nulls.set(i);
            }
        }
        return switch (type()) {
            case TOKEN_IDS -> buildTokens(n, nulls);
            case LONG -> {
                long[] out = new long[n];
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(i) instanceof Long l ? l : 0L;
                }
                yield new LongColumn(name, out, nulls);
            }
            case DOUBLE -> {
                double[] out = new double[n];
                for (int i = 0; i < n; i++) {
                    out[i] = values.get(i) instanceof Number x ? x.doubleValue() : 0.0;
                }
                yield new DoubleColumn(name, out, nulls);
            }
            case BOOLEAN -> {
                BitSet trues = new BitSet(n);
                for (int i = 0; i < n; i++) {
                    trues.set(i, Boolean.TRUE.equals(values.get(i)));
                }
                yield new BooleanColumn(name, n, trues, nulls);
            }
            case BYTES -> new BytesColumn(name, values.toArray(new byte[0][]));
            case STRING -> {
                String[] out = new String[n];
                for (int i = 0; i < n; i++) {
                    Object v = values.get(i);
                    out[i] = v == null ? null : v.toString();
                }
                yield new StringColumn(name, out);
            }
            case JSON -> {
                String[] out = new String[n];
                for (int i = 0; i < n; i++) {
                    out[i] = toJsonText(values.get(i));
                }
                yield new JsonColumn(name, out);
            }
        };
    }

    private TokenIdsColumn buildTokens(int n, BitSet nulls) {
        if (tokenCount > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("column '" + name + "' holds more than 2^31 token ids");
        }
        int[] data = new int[(int) tokenCount];
        int[] offsets = new int[n + 1];
        int pos = 0;
        for (int i = 0; i < n; i++) {
            offsets[i] = pos;
            if (values.get(i) instanceof int[] ids) {
                System.arraycopy(ids, 0, data, pos, ids.length);
                pos += ids.length;
            }
        }
        offsets[n] = pos;
        return new TokenIdsColumn(name, data, offsets, nulls);
    }

    /** Renders a row value as compact JSON text (null stays null). */
    static String toJsonText(Object v) {
        if (v == null) {
            return null;
        }
        try {
            return JSON.writeValueAsString(toNode(v));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A row value as a Jackson tree. */
    static JsonNode toNode(Object v) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        return switch (v) {
            case null -> f.nullNode();
            case JsonNode n -> n;
            case String s -> f.textNode(s);
            case Long l -> f.numberNode(l);
            case Double d -> f.numberNode(d);
            case Boolean b -> f.booleanNode(b);
            case byte[] b -> f.binaryNode(b);
            case int[] ids -> {
                ArrayNode a = f.arrayNode(ids.length);
                for (int id : ids) {
                    a.add(id);
                }
                yield a;
            }
            default -> f.textNode(v.toString());
        };
    }
}
