package io.llmharness.dataset.column;

/** Text values, one {@code String} per row (null = no value). */
public final class StringColumn extends TextColumn {

    StringColumn(String name, String[] values) {
        this(name, Utf8Strings.of(values));
    }

    StringColumn(String name, Utf8Strings rows) {
        super(name, rows);
    }

    @Override
    public ColumnType type() {
        return ColumnType.STRING;
    }

    /** The row's text, or null. */
    public String get(int row) {
        return rows().get(row);
    }

    @Override
    public Object value(int row) {
        return rows().get(row);
    }

    @Override
    public StringColumn head(int rows) {
        return new StringColumn(name(), rows().head(rows));
    }
}
