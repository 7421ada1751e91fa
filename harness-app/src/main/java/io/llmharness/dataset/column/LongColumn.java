package io.llmharness.dataset.column;

import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/** 64-bit integers; null rows are marked in a null set (their slot holds 0). */
public final class LongColumn extends MaskedColumn {
    private final long[] values;

    LongColumn(String name, long[] values, BitSet nulls) {
        super(name, values.length, nulls);
        this.values = values;
    }

    @Override
    public ColumnType type() {
        return ColumnType.LONG;
    }

    /** The row's value (0 for a null row: check {@link #isNull} first where that matters). */
    public long get(int row) {
        return values[row];
    }

    @Override
    public Object value(int row) {
        return isNull(row) ? null : values[row];
    }

    @Override
    public String text(int row) {
        return isNull(row) ? null : Long.toString(values[row]);
    }

    @Override
    public LongColumn head(int rows) {
        BitSet headNulls = headNulls(rows);
        return new LongColumn(name(), Arrays.copyOf(values, rows), headNulls);
    }

    long[] values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return sameMask(o) && Arrays.equals(values, ((LongColumn) o).values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name(), Arrays.hashCode(values));
    }
}
