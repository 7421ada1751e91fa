package io.llmharness.dataset.column;

import java.util.Objects;

/**
 * A column whose rows are text stored as UTF-8 (plain strings or compact JSON); a null row has no text. Holds what
 * such columns share: the name, the rows, and equality by both.
 */
abstract sealed class TextColumn implements Column permits StringColumn, JsonColumn {
    private final String name;
    private final Utf8Strings rows;

    TextColumn(String name, Utf8Strings rows) {
        this.name = name;
        this.rows = rows;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int size() {
        return rows.size();
    }

    @Override
    public final boolean isNull(int row) {
        return rows.isNull(row);
    }

    @Override
    public final String text(int row) {
        return rows.get(row);
    }

    final Utf8Strings rows() {
        return rows;
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof TextColumn other
                && other.getClass() == getClass()
                && name.equals(other.name)
                && rows.equals(other.rows);
    }

    @Override
    public final int hashCode() {
        return Objects.hash(name, rows.hashCode());
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[" + name + ", " + size() + " rows]";
    }
}
