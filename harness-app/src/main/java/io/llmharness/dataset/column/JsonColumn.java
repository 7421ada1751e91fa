package io.llmharness.dataset.column;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * Nested values (chat messages, lists of strings, dictionaries, mixed lists), kept as compact JSON text per row so
 * they can be written into a request body as they are, or parsed on demand.
 */
public final class JsonColumn implements Column {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String name;
    private final String[] json;

    JsonColumn(String name, String[] json) {
        this.name = name;
        this.json = json;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ColumnType type() {
        return ColumnType.JSON;
    }

    @Override
    public int size() {
        return json.length;
    }

    @Override
    public boolean isNull(int row) {
        return json[row] == null;
    }

    /** The row's value as compact JSON text, or null. */
    public String json(int row) {
        return json[row];
    }

    /** The row's value freshly parsed (callers may modify it), or null. */
    public JsonNode node(int row) {
        if (json[row] == null) {
            return null;
        }
        try {
            return JSON.readTree(json[row]);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("JSON stored by the dataset loader does not parse", e);
        }
    }

    @Override
    public Object value(int row) {
        return node(row);
    }

    @Override
    public String text(int row) {
        return json[row];
    }

    @Override
    public JsonColumn head(int rows) {
        return new JsonColumn(name, ObjectColumns.head(json, rows));
    }

    String[] values() {
        return json;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonColumn other && name.equals(other.name) && Arrays.equals(json, other.json);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(json));
    }

    @Override
    public String toString() {
        return "JsonColumn[" + name + ", " + size() + " rows]";
    }
}
