package io.llmharness.benchmark;

/**
 * Read access to one dataset row, implemented over the harness's Dataset. Accessors return {@code null} when
 * the row has no value in that column; they never copy more than needed (prompt building runs for every row).
 */
public interface RowView {

    /** The row's index in the dataset (= LoadGen sample index), for error messages. */
    long index();

    /** A column of integer lists (token ids), e.g. {@code tok_input}. */
    int[] ids(String column);

    /** A text column. */
    String text(String column);

    /**
     * A binary column; for image columns the encoded file bytes (PNG, JPEG, …) as stored, e.g. the
     * {@code bytes} field of a Hugging Face image struct.
     */
    byte[] bytes(String column);

    /**
     * Any column as a plain Java value: {@code String}, {@code Number}, {@code Boolean}, {@code List},
     * {@code Map}, arrays, or a Jackson {@code JsonNode}.
     */
    Object value(String column);
}
