package io.llmharness.dataset.column;

/** The storage type of a {@link Column}, chosen at load time from the values of every row. */
public enum ColumnType {
    /** Lists of integer token ids, stored as one {@code int[]} plus offsets. */
    TOKEN_IDS,
    /** Text. Also used for columns that mix text with numbers or booleans (numbers rendered as text). */
    STRING,
    /** 64-bit integers. */
    LONG,
    /** 64-bit floating point numbers (also integer/float mixes). */
    DOUBLE,
    /** Booleans. */
    BOOLEAN,
    /** Raw bytes, for example encoded images. */
    BYTES,
    /** Nested values (objects, lists other than integer lists, mixes), stored as compact JSON text per row. */
    JSON
}
