package io.llmharness.dataset.column;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;

/**
 * Nested values (chat messages, lists of strings, dictionaries, mixed lists), kept as compact JSON text per row so
 * they can be written into a request body as they are, or parsed on demand.
 */
public final class JsonColumn extends TextColumn {
    private static final ObjectMapper JSON = new ObjectMapper();

    JsonColumn(String name, String[] json) {
        this(name, Utf8Strings.of(json));
    }

    JsonColumn(String name, Utf8Strings rows) {
        super(name, rows);
    }

    @Override
    public ColumnType type() {
        return ColumnType.JSON;
    }

    /** The row's value as compact JSON text, or null. */
    public String json(int row) {
        return rows().get(row);
    }

    /** The row's value freshly parsed (callers may modify it), or null. */
    public JsonNode node(int row) {
        String text = rows().get(row);
        if (text == null) {
            return null;
        }
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("JSON stored by the dataset loader does not parse", e);
        }
    }

    @Override
    public Object value(int row) {
        return node(row);
    }

    @Override
    public JsonColumn head(int rows) {
        return new JsonColumn(name(), rows().head(rows));
    }
}
