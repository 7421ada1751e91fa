package io.llmharness.dataset.column;

import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/**
 * Lists of token ids, all rows back to back in one {@code int[]}: row {@code i} is {@code data[offsets[i] ..
 * offsets[i+1])}. A null row has length 0 and is marked in the null set.
 */
public final class TokenIdsColumn extends MaskedColumn {
    private final int[] data;
    private final int[] offsets;

    TokenIdsColumn(String name, int[] data, int[] offsets, BitSet nulls) {
        super(name, offsets.length - 1, nulls);
        this.data = data;
        this.offsets = offsets;
    }

    @Override
    public ColumnType type() {
        return ColumnType.TOKEN_IDS;
    }

    /** Number of token ids in the row (0 for a null row). */
    public int length(int row) {
        return offsets[row + 1] - offsets[row];
    }

    /** A fresh copy of the row's token ids (empty for a null row). */
    public int[] ids(int row) {
        Objects.checkIndex(row, size());
        return Arrays.copyOfRange(data, offsets[row], offsets[row + 1]);
    }

    /** A read-only view of the row's token ids, without copying. */
    public IntBuffer view(int row) {
        Objects.checkIndex(row, size());
        return IntBuffer.wrap(data, offsets[row], length(row)).slice().asReadOnlyBuffer();
    }

    /** Total number of token ids over all rows. */
    public long totalIds() {
        return offsets[size()] - offsets[0];
    }

    @Override
    public Object value(int row) {
        return isNull(row) ? null : ids(row);
    }

    @Override
    public String text(int row) {
        if (isNull(row)) {
            return null;
        }
        StringBuilder sb = new StringBuilder(length(row) * 7 + 2).append('[');
        for (int i = offsets[row]; i < offsets[row + 1]; i++) {
            if (i > offsets[row]) {
                sb.append(", ");
            }
            sb.append(data[i]);
        }
        return sb.append(']').toString();
    }

    @Override
    public TokenIdsColumn head(int rows) {
        BitSet headNulls = headNulls(rows);
        return new TokenIdsColumn(name(), data, Arrays.copyOf(offsets, rows + 1), headNulls);
    }

    int[] data() {
        return data;
    }

    int[] offsets() {
        return offsets;
    }

    @Override
    public boolean equals(Object o) {
        if (!sameMask(o)) {
            return false;
        }
        TokenIdsColumn other = (TokenIdsColumn) o;
        for (int row = 0; row < size(); row++) {
            if (!Arrays.equals(
                    data, offsets[row], offsets[row + 1], other.data, other.offsets[row], other.offsets[row + 1])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name(), size(), totalIds());
    }

    @Override
    String detail() {
        return ", " + totalIds() + " ids";
    }
}
