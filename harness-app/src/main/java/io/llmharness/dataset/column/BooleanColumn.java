package io.llmharness.dataset.column;

import java.util.BitSet;
import java.util.Objects;

/** Booleans, as a bit set of true rows and a bit set of null rows. */
public final class BooleanColumn implements Column {
    private final String name;
    private final int size;
    private final BitSet trues;
    private final BitSet nulls;

    BooleanColumn(String name, int size, BitSet trues, BitSet nulls) {
        this.name = name;
        this.size = size;
        this.trues = trues;
        this.nulls = nulls;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ColumnType type() {
        return ColumnType.BOOLEAN;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isNull(int row) {
        Objects.checkIndex(row, size);
        return nulls.get(row);
    }

    /** The row's value (false for a null row). */
    public boolean get(int row) {
        Objects.checkIndex(row, size);
        return trues.get(row);
    }

    @Override
    public Object value(int row) {
        return isNull(row) ? null : get(row);
    }

    @Override
    public String text(int row) {
        return isNull(row) ? null : Boolean.toString(get(row));
    }

    @Override
    public BooleanColumn head(int rows) {
        Objects.checkIndex(rows, size + 1);
        return new BooleanColumn(name, rows, trues.get(0, rows), nulls.get(0, rows));
    }

    BitSet trues() {
        return trues;
    }

    BitSet nulls() {
        return nulls;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BooleanColumn other
                && name.equals(other.name)
                && size == other.size
                && trues.equals(other.trues)
                && nulls.equals(other.nulls);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, size, trues);
    }

    @Override
    public String toString() {
        return "BooleanColumn[" + name + ", " + size + " rows]";
    }
}
