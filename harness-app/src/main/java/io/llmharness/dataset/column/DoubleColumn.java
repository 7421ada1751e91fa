package io.llmharness.dataset.column;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/** 64-bit floating point numbers; null rows are marked in a null set (their slot holds 0). */
public final class DoubleColumn extends MaskedColumn {
    private final double[] values;

    DoubleColumn(String name, double[] values, BitSet nulls) {
        super(name, values.length, nulls);
        this.values = values;
    }

    @Override
    public ColumnType type() {
        return ColumnType.DOUBLE;
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
        BitSet headNulls = headNulls(rows);
        return new DoubleColumn(name(), Arrays.copyOf(values, rows), headNulls);
    }

    double[] values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return sameMask(o) && Arrays.equals(values, ((DoubleColumn) o).values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name(), Arrays.hashCode(values));
    }
}
