package io.llmharness.dataset.read;

import io.llmharness.dataset.column.ColumnBuilder;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableBuilder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads Parquet through DuckDB's JDBC driver (an in-memory database per read). Column types map as: integer
 * types → integers; float, double, decimal → doubles; boolean; varchar → text; blob → bytes; a struct with a
 * {@code bytes} blob field (the Hugging Face image layout) → its bytes; lists of integers → token-id lists
 * ({@code int[]}); dates and times → text; every other nested type → JSON (via DuckDB's {@code to_json}).
 */
public final class ParquetTableReader {
    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

    private ParquetTableReader() {}

    private enum Kind {
        LONG,
        DOUBLE,
        BOOLEAN,
        TEXT,
        BYTES,
        INT_LIST,
        JSON
    }

    private record Source(String name, Kind kind, String expression) {}

    /** Reads the whole file. */
    public static Table read(Path file) {
        String from = "read_parquet('" + file.toAbsolutePath().toString().replace("'", "''") + "')";
        try (Connection conn = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = conn.createStatement()) {
            List<Source> sources = describe(st, from);
            StringBuilder select = new StringBuilder("SELECT ");
            for (int i = 0; i < sources.size(); i++) {
                select.append(i == 0 ? "" : ", ").append(sources.get(i).expression());
            }
            TableBuilder table = new TableBuilder();
            List<ColumnBuilder> builders = new ArrayList<>();
            for (Source s : sources) {
                builders.add(table.column(s.name()));
            }
            try (ResultSet rs =
                    st.executeQuery(select.append(" FROM ").append(from).toString())) {
                int row = 0;
                while (rs.next()) {
                    for (int i = 0; i < sources.size(); i++) {
                        builders.get(i).add(value(file, rs, i + 1, sources.get(i), row));
                    }
                    row++;
                }
            }
            return table.build();
        } catch (SQLException e) {
            if (endsEarly(file)) {
                throw DatasetErrors.truncated(file, e);
            }
            throw DatasetErrors.badFile(file, "cannot read Parquet: " + DatasetErrors.firstLine(e.getMessage()), e);
        }
    }

    /** Whether the file starts with Parquet's {@code PAR1} magic but lacks the one that closes its footer. */
    private static boolean endsEarly(Path file) {
        try (FileChannel ch = FileChannel.open(file)) {
            long size = ch.size();
            return size >= 4 && magicAt(ch, 0) && !(size >= 8 && magicAt(ch, size - 4));
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean magicAt(FileChannel ch, long position) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4);
        ch.read(b, position);
        return Arrays.equals(b.array(), MAGIC);
    }

    private static List<Source> describe(Statement st, String from) throws SQLException {
        List<Source> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("DESCRIBE SELECT * FROM " + from)) {
            while (rs.next()) {
                String name = rs.getString("column_name");
                String type = rs.getString("column_type").toUpperCase(Locale.ROOT);
                out.add(source(name, type));
            }
        }
        return out;
    }

    private static Source source(String name, String type) {
        String col = "\"" + name.replace("\"", "\"\"") + "\"";
        if (isInteger(type)) {
            return new Source(name, Kind.LONG, col);
        }
        if (type.equals("FLOAT") || type.equals("DOUBLE") || type.startsWith("DECIMAL")) {
            return new Source(name, Kind.DOUBLE, "CAST(" + col + " AS DOUBLE)");
        }
        if (type.equals("BOOLEAN")) {
            return new Source(name, Kind.BOOLEAN, col);
        }
        if (type.equals("VARCHAR")) {
            return new Source(name, Kind.TEXT, col);
        }
        if (type.equals("BLOB")) {
            return new Source(name, Kind.BYTES, col);
        }
        if (type.endsWith("[]") && isInteger(type.substring(0, type.length() - 2))) {
            return new Source(name, Kind.INT_LIST, col);
        }
        if (type.startsWith("STRUCT(") && type.matches(".*[(,] ?\"?BYTES\"? BLOB[,)].*")) {
            return new Source(name, Kind.BYTES, "struct_extract(" + col + ", 'bytes')");
        }
        if (type.startsWith("DATE") || type.startsWith("TIME") || type.equals("UUID") || type.equals("INTERVAL")) {
            return new Source(name, Kind.TEXT, "CAST(" + col + " AS VARCHAR)");
        }
        return new Source(name, Kind.JSON, "CAST(to_json(" + col + ") AS VARCHAR)");
    }

    private static boolean isInteger(String type) {
        return switch (type) {
            case "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT" -> true;
            default -> false;
        };
    }

    private static Object value(Path file, ResultSet rs, int i, Source s, int row) throws SQLException {
        Object raw = rs.getObject(i);
        if (raw == null) {
            return null;
        }
        return switch (s.kind()) {
            case LONG -> ((Number) raw).longValue();
            case DOUBLE -> ((Number) raw).doubleValue();
            case BOOLEAN -> (Boolean) raw;
            case TEXT -> raw.toString();
            case BYTES -> rs.getBytes(i);
            case INT_LIST -> ids(file, (Array) raw, s.name(), row);
            case JSON -> {
                try {
                    yield RowValues.fromNode(RowValues.MAPPER.readTree(raw.toString()));
                } catch (IOException e) {
                    throw DatasetErrors.badRow(
                            file, "row " + row, "column '" + s.name() + "' did not convert to JSON: " + e.getMessage());
                }
            }
        };
    }

    private static int[] ids(Path file, Array array, String column, int row) throws SQLException {
        Object[] elements = (Object[]) array.getArray();
        int[] ids = new int[elements.length];
        for (int k = 0; k < elements.length; k++) {
            if (!(elements[k] instanceof Number n)
                    || n.longValue() < Integer.MIN_VALUE
                    || n.longValue() > Integer.MAX_VALUE) {
                throw DatasetErrors.badRow(
                        file,
                        "row " + row + ", column '" + column + "'",
                        "token id " + elements[k] + " (element " + k
                                + ") is not a 32-bit integer; token-id columns must hold lists of integers");
            }
            ids[k] = n.intValue();
        }
        return ids;
    }
}
