package io.llmharness.dataset.column;

import java.util.Arrays;
import java.util.Objects;

/** Shared helper of the columns that keep one object per row (null = no value). */
final class ObjectColumns {
    private ObjectColumns() {}

    static <T> T[] head(T[] values, int rows) {
        Objects.checkIndex(rows, values.length + 1);
        return Arrays.copyOf(values, rows);
    }
}
