package io.llmharness.dataset.column;

import java.util.Objects;

/** Text values, one {@code String} per row (null = no value). */
public final class StringColumn implements Column {
    private final String name;
    private final Utf8Strings rows;

    StringColumn(String name, String[] values) {
        this(name, Utf8Strings.of(values));
    }

    StringColumn(String name, Utf8Strings rows) {
        this.name = name;
        this.rows = rows;
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
        return rows.size();
    }

    @Override
    public boolean isNull(int row) {
        return rows.isNull(row);
    }

    /** The row's text, or null. */
    public String get(int row) {
        return rows.get(row);
    }

    @Override
    public Object value(int row) {
        return rows.get(row);
    }

    @Override
    public String text(int row) {
        return rows.get(row);
    }

    @Override
    public StringColumn head(int rows) {
        return new StringColumn(name, this.rows.head(rows));
    }

    Utf8Strings rows() {
        return rows;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StringColumn other && name.equals(other.name) && rows.equals(other.rows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, rows.hashCode());
    }

    @Override
    public String toString() {
        return "StringColumn[" + name + ", " + size() + " rows]";
    }
}
