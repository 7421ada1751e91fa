package io.llmharness.dataset.column;

import java.util.Arrays;
import java.util.Objects;

/** Text values, one {@code String} per row (null = no value). */
public final class StringColumn implements Column {
    private final String name;
    private final String[] values;

    StringColumn(String name, String[] values) {
        this.name = name;
        this.values = values;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ColumnType type() {
        return ColumnType.STRING;
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean isNull(int row) {
        return values[row] == null;
    }

    /** The row's text, or null. */
    public String get(int row) {
        return values[row];
    }

    @Override
    public Object value(int row) {
        return values[row];
    }

    @Override
    public String text(int row) {
        return values[row];
    }

    @Override
    public StringColumn head(int rows) {
        return new StringColumn(name, ObjectColumns.head(values, rows));
    }

    String[] values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StringColumn other && name.equals(other.name) && Arrays.equals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(values));
    }

    @Override
    public String toString() {
        return "StringColumn[" + name + ", " + size() + " rows]";
    }
}
