package io.llmharness.dataset.column;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An immutable, ordered set of equally long columns: what a reader produces and the cache stores. */
public final class Table {
    private final Map<String, Column> columns;
    private final int rows;

    /**
     * @throws IllegalArgumentException when the columns differ in length or two share a name
     */
    public Table(List<Column> columns, int rows) {
        Map<String, Column> byName = new LinkedHashMap<>();
        for (Column c : columns) {
            if (c.size() != rows) {
                throw new IllegalArgumentException(
                        "column '" + c.name() + "' has " + c.size() + " rows, the table " + rows);
            }
            if (byName.put(c.name(), c) != null) {
                throw new IllegalArgumentException("duplicate column '" + c.name() + "'");
            }
        }
        this.columns = Collections.unmodifiableMap(byName);
        this.rows = rows;
    }

    /** Number of rows. */
    public int rows() {
        return rows;
    }

    /** Column names in file order. */
    public List<String> names() {
        return List.copyOf(columns.keySet());
    }

    /** All columns in file order. */
    public List<Column> columns() {
        return List.copyOf(columns.values());
    }

    /** The column with this exact name. */
    public Optional<Column> column(String name) {
        return Optional.ofNullable(columns.get(name));
    }

    /** A table with the first {@code n} rows of every column. */
    public Table head(int n) {
        if (n == rows) {
            return this;
        }
        List<Column> out = new ArrayList<>(columns.size());
        for (Column c : columns.values()) {
            out.add(c.head(n));
        }
        return new Table(out, n);
    }

    /** A table with one column replaced (same name) or appended. */
    public Table with(Column column) {
        List<Column> out = new ArrayList<>(columns.values());
        out.removeIf(c -> c.name().equals(column.name()));
        int at = names().indexOf(column.name());
        out.add(at < 0 ? out.size() : at, column);
        return new Table(out, rows);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Table other && rows == other.rows && columns.equals(other.columns);
    }

    @Override
    public int hashCode() {
        return columns.hashCode() * 31 + rows;
    }

    @Override
    public String toString() {
        return "Table[" + rows + " rows, columns " + columns.keySet() + "]";
    }
}
