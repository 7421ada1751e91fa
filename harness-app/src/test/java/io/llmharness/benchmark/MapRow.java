package io.llmharness.benchmark;

import java.util.Map;

/** A {@link RowView} over a map, for tests. */
public record MapRow(long index, Map<String, Object> values) implements RowView {

    @Override
    public int[] ids(String column) {
        return (int[]) values.get(column);
    }

    @Override
    public String text(String column) {
        return (String) values.get(column);
    }

    @Override
    public byte[] bytes(String column) {
        return (byte[]) values.get(column);
    }

    @Override
    public Object value(String column) {
        return values.get(column);
    }
}
