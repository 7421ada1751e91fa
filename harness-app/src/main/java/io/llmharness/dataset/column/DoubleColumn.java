package io.llmharness.dataset.column;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/** 64-bit floating point numbers; null rows are marked in a null set (their slot holds 0). */
public final class DoubleColumn implements Column {
    private final String name;
    private final double[] values;
    private final BitSet nulls;

    DoubleColumn(String name, double[] values, BitSet nulls) {
        this.name = name;
        this.values = values;
        this.nulls = nulls;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ColumnType type() {
        return ColumnType.DOUBLE;
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean isNull(int row) {
        Objects.checkIndex(row, values.length);
        return nulls.get(row);
    }

    /** The row's value (0 for a null row: check {@link #isNull} first where that matters). */
    public double get(int row) {
        return values[row];
    }

    @Override
    public Object value(int row) {
        return isNull(row) ? null : values[row];
    }

    @Override
    public String text(int row) {
        return isNull(row) ? null : Double.toString(values[row]);
    }

    @Override
    public DoubleColumn head(int rows) {
        return new DoubleColumn(name, Arrays.copyOf(values, rows), nulls.get(0, rows));
    }

    double[] values() {
        return values;
    }

    BitSet nulls() {
        return nulls;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DoubleColumn other
                && name.equals(other.name)
                && Arrays.equals(values, other.values)
                && nulls.equals(other.nulls);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, Arrays.hashCode(values));
    }

    @Override
    public String toString() {
        return "DoubleColumn[" + name + ", " + size() + " rows]";
    }
}
