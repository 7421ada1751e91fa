package io.llmharness.dataset.column;

import java.util.BitSet;
import java.util.Objects;

/**
 * A column of primitive values whose null rows are marked in a bit set (the value slot of a null row holds 0, false
 * or an empty list). Holds what such columns share: the name, the row count and the null set.
 */
abstract sealed class MaskedColumn implements Column permits LongColumn, DoubleColumn, BooleanColumn, TokenIdsColumn {
    private final String name;
    private final int size;
    private final BitSet nulls;

    MaskedColumn(String name, int size, BitSet nulls) {
        this.name = name;
        this.size = size;
        this.nulls = nulls;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int size() {
        return size;
    }

    @Override
    public final boolean isNull(int row) {
        Objects.checkIndex(row, size);
        return nulls.get(row);
    }

    final BitSet nulls() {
        return nulls;
    }

    /** The first {@code rows} rows of the null set. */
    final BitSet headNulls(int rows) {
        Objects.checkIndex(rows, size + 1);
        return nulls.get(0, rows);
    }

    /** Same class, name, row count and null rows: what {@code equals} checks before the values. */
    final boolean sameMask(Object o) {
        return o instanceof MaskedColumn other
                && other.getClass() == getClass()
                && name.equals(other.name)
                && size == other.size
                && nulls.equals(other.nulls);
    }

    /** Extra text for {@link #toString()}, after the row count (empty by default). */
    String detail() {
        return "";
    }

    @Override
    public final String toString() {
        return getClass().getSimpleName() + "[" + name + ", " + size + " rows" + detail() + "]";
    }
}
