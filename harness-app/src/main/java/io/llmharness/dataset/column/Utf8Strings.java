package io.llmharness.dataset.column;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/**
 * Text rows stored as UTF-8, all rows back to back in one {@code byte[]} with offsets, and decoded on access. This
 * keeps large prompt columns compact and lets the cache load them with one bulk copy instead of one decode per row.
 */
final class Utf8Strings {
    private final byte[] data;
    private final int[] offsets;
    private final BitSet nulls;

    Utf8Strings(byte[] data, int[] offsets, BitSet nulls) {
        this.data = data;
        this.offsets = offsets;
        this.nulls = nulls;
    }

    static Utf8Strings of(String[] values) {
        byte[][] encoded = new byte[values.length][];
        long total = 0;
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                encoded[i] = values[i].getBytes(StandardCharsets.UTF_8);
                total += encoded[i].length;
            }
        }
        if (total > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("a text column holds more than 2 GB");
        }
        byte[] data = new byte[(int) total];
        int[] offsets = new int[values.length + 1];
        BitSet nulls = new BitSet(values.length);
        int pos = 0;
        for (int i = 0; i < values.length; i++) {
            offsets[i] = pos;
            if (encoded[i] == null) {
                nulls.set(i);
            } else {
                System.arraycopy(encoded[i], 0, data, pos, encoded[i].length);
                pos += encoded[i].length;
            }
        }
        offsets[values.length] = pos;
        return new Utf8Strings(data, offsets, nulls);
    }

    int size() {
        return offsets.length - 1;
    }

    boolean isNull(int row) {
        Objects.checkIndex(row, size());
        return nulls.get(row);
    }

    String get(int row) {
        if (isNull(row)) {
            return null;
        }
        return new String(data, offsets[row], offsets[row + 1] - offsets[row], StandardCharsets.UTF_8);
    }

    Utf8Strings head(int rows) {
        Objects.checkIndex(rows, size() + 1);
        return new Utf8Strings(data, Arrays.copyOf(offsets, rows + 1), nulls.get(0, rows));
    }

    byte[] data() {
        return data;
    }

    int[] offsets() {
        return offsets;
    }

    BitSet nulls() {
        return nulls;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Utf8Strings other) || size() != other.size() || !nulls.equals(other.nulls)) {
            return false;
        }
        for (int i = 0; i < size(); i++) {
            if (!Arrays.equals(data, offsets[i], offsets[i + 1], other.data, other.offsets[i], other.offsets[i + 1])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Objects.hash(size(), offsets[size()] - offsets[0]);
    }
}
