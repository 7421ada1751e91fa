package io.llmharness.dataset.column;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Objects;

/** Raw bytes per row, for example encoded images (null = no value). */
public final class BytesColumn implements Column {
    private final String name;
    private final byte[][] values;

    BytesColumn(String name, byte[][] values) {
        this.name = name;
        this.values = values;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ColumnType type() {
        return ColumnType.BYTES;
    }

    @Override
    public int size() {
        return values.length;
    }

    @Override
    public boolean isNull(int row) {
        return values[row] == null;
    }

    /** A read-only view of the row's bytes without copying, or null. */
    public ByteBuffer view(int row) {
        return values[row] == null ? null : ByteBuffer.wrap(values[row]).asReadOnlyBuffer();
    }

    /** Number of bytes in the row (0 for null). */
    public int length(int row) {
        return values[row] == null ? 0 : values[row].length;
    }

    @Override
    public Object value(int row) {
        return values[row] == null ? null : values[row].clone();
    }

    @Override
    public String text(int row) {
        return values[row] == null ? null : Base64.getEncoder().encodeToString(values[row]);
    }

    @Override
    public BytesColumn head(int rows) {
        return new BytesColumn(name, ObjectColumns.head(values, rows));
    }

    byte[][] values() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BytesColumn other && name.equals(other.name) && Arrays.deepEquals(values, other.values);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, values.length);
    }

    @Override
    public String toString() {
        return "BytesColumn[" + name + ", " + size() + " rows]";
    }
}
