package io.llmharness.dataset.column;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link Table} row by row ({@link #set} then {@link #endRow}) or column by column ({@link #column} filled
 * to the same length). Columns keep the order in which they first appear; a column that first appears in a later
 * row, or is missing from some rows, gets nulls there.
 */
public final class TableBuilder {
    private final Map<String, ColumnBuilder> columns = new LinkedHashMap<>();
    private int rows;

    /** The builder of a column, created (padded with nulls up to the current row) on first use. */
    public ColumnBuilder column(String name) {
        return columns.computeIfAbsent(name, n -> new ColumnBuilder(n).padTo(rows));
    }

    /** Sets a value of the current row. */
    public void set(String name, Object value) {
        ColumnBuilder b = column(name);
        if (b.size() > rows) {
            b.replaceLast(value);
        } else {
            b.padTo(rows).add(value);
        }
    }

    /** Ends the current row. */
    public void endRow() {
        rows++;
    }

    /** Rows ended so far (row-by-row building). */
    public int rows() {
        return rows;
    }

    /** Whether any column was started. */
    public boolean hasColumns() {
        return !columns.isEmpty();
    }

    /** Builds the table; column-wise built tables take their row count from the longest column. */
    public Table build() {
        int n = rows;
        for (ColumnBuilder b : columns.values()) {
            n = Math.max(n, b.size());
        }
        List<Column> out = new ArrayList<>(columns.size());
        for (ColumnBuilder b : columns.values()) {
            out.add(b.padTo(n).build());
        }
        return new Table(out, n);
    }
}
