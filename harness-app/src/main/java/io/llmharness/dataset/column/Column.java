package io.llmharness.dataset.column;

/**
 * One immutable, typed column of a dataset. Rows are addressed by their 0-based sample index, the same index
 * LoadGen uses as the QSL index. Every row may be null (absent in the file).
 */
public sealed interface Column permits MaskedColumn, TextColumn, BytesColumn {

    /** The column's name as in the file. */
    String name();

    /** How the column is stored. */
    ColumnType type();

    /** Number of rows. */
    int size();

    /** Whether the row has no value. */
    boolean isNull(int row);

    /**
     * The row's value as a plain Java object: {@code String}, {@code Long}, {@code Double}, {@code Boolean}, a
     * fresh copy of the {@code byte[]} or {@code int[]}, or a freshly parsed Jackson {@code JsonNode}; null when
     * the row has no value.
     */
    Object value(int row);

    /**
     * The row's value as text: strings as they are, numbers and booleans in their JSON form, token ids and nested
     * values as JSON, bytes as base64; null when the row has no value.
     */
    String text(int row);

    /** The first {@code rows} rows of this column, sharing storage where possible. */
    Column head(int rows);
}
