package io.llmharness.report;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** In-memory DuckDB connections for reading and writing Parquet/CSV files, and SQL literal quoting. */
final class DuckDb {

    private DuckDb() {}

    /** A new in-memory database; close it after use. */
    static Connection open() throws SQLException {
        return DriverManager.getConnection("jdbc:duckdb:");
    }

    /** A file path as a SQL string literal. */
    static String literal(Path p) {
        return "'" + p.toAbsolutePath().toString().replace("'", "''") + "'";
    }

    /** The {@code read_csv} call for a requests.csv, every column typed (no sniffing), "" kept as empty text. */
    static String readRequestsCsv(Path csv) {
        return readRequestsCsv(csv, true);
    }

    /** As {@link #readRequestsCsv(Path)}, for a file with or without the last column, {@code client_wait}. */
    static String readRequestsCsv(Path csv, boolean withClientWait) {
        return "read_csv(" + literal(csv) + ", header = true, auto_detect = false, delim = ',', quote = '\"',"
                + " escape = '\"', nullstr = '', allow_quoted_nulls = false, columns = "
                + RequestTable.csvColumnTypes(withClientWait) + ")";
    }

    /** Turns the CSV text form of {@code chunk_times_ns} back into a BIGINT list. */
    static String chunkTimesFromText(String column) {
        return "CASE WHEN " + column + " IS NULL THEN NULL WHEN " + column + " = '' THEN []::BIGINT[]"
                + " ELSE string_split(" + column + ", ' ')::BIGINT[] END";
    }
}
