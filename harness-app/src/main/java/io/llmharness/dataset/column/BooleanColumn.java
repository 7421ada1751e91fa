package io.llmharness.dataset.column;

import java.util.BitSet;
import java.util.Objects;

/** Booleans, as a bit set of true rows and a bit set of null rows. */
public final class BooleanColumn extends MaskedColumn {
    private final BitSet trues;

    BooleanColumn(String name, int size, BitSet trues, BitSet nulls) {
        super(name, size, nulls);
        this.trues = trues;
    }

    @Override
    public ColumnType type() {
        return ColumnType.BOOLEAN;
    }

    /** The row's value (false for a null row). */
    public boolean get(int row) {
        Objects.checkIndex(row, size());
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
        BitSet headNulls = headNulls(rows);
        return new BooleanColumn(name(), rows, trues.get(0, rows), headNulls);
    }

    BitSet trues() {
        return trues;
    }

    @Override
    public boolean equals(Object o) {
        return sameMask(o) && trues.equals(((BooleanColumn) o).trues);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name(), size(), trues);
    }
}
