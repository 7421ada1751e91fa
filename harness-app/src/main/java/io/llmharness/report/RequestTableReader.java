package io.llmharness.report;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.ClientWait;
import io.llmharness.client.record.Outcome;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.record.TimeoutPhase;
import io.llmharness.client.record.TokenCountSource;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads requests.parquet or requests.csv back into {@link RequestRecord}s, in file order. Milestones come back
 * relative to the run start (nano anchor 0); the wall-clock anchor is recovered from {@code scheduled_at} −
 * {@code scheduled_ns} of the first row that has both. Derived {@code *_ms} columns are ignored: the summary
 * recomputes them.
 */
final class RequestTableReader {

    /**
     * The records of a file.
     *
     * @param anchor wall-clock time of the run start, or null when no row has a scheduled time
     * @param records the requests in file order, times relative to the run start
     */
    record Table(Instant anchor, List<RequestRecord> records) {}

    private RequestTableReader() {}

    static Table read(Path file) throws SQLException, IOException {
        boolean csv = file.getFileName().toString().endsWith(".csv");
        boolean hasWait = true;
        if (csv) {
            hasWait = checkCsvHeader(file);
        }
        String source = csv ? DuckDb.readRequestsCsv(file, hasWait) : "read_parquet(" + DuckDb.literal(file) + ")";
        String chunkTimes = csv ? DuckDb.chunkTimesFromText("chunk_times_ns") : "chunk_times_ns";
        List<RequestRecord> out = new ArrayList<>();
        Instant anchor = null;
        try (Connection c = DuckDb.open();
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT * REPLACE (" + chunkTimes + " AS chunk_times_ns) FROM " + source)) {
            if (!csv) {
                hasWait = hasColumn(rs, RequestTable.CLIENT_WAIT);
            }
            while (rs.next()) {
                RequestRecord r = record(rs, hasWait);
                out.add(r);
                String at = rs.getString("scheduled_at");
                if (anchor == null && at != null && r.scheduledNs() != ABSENT) {
                    anchor = Instant.parse(at).minusNanos(r.scheduledNs());
                }
            }
        }
        return new Table(anchor, out);
    }

    /**
     * DuckDB maps CSV columns by position: make sure the file has exactly the expected columns, in order (or all
     * but the last, {@code client_wait}, as files written before it existed have). Returns whether it has it.
     */
    private static boolean checkCsvHeader(Path file) throws IOException {
        String expected =
                RequestTable.COLUMNS.stream().map(RequestTable.Column::name).collect(Collectors.joining(","));
        String older = expected.substring(0, expected.length() - RequestTable.CLIENT_WAIT.length() - 1);
        String header;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            header = r.readLine();
        }
        if (expected.equals(header)) {
            return true;
        }
        if (older.equals(header)) {
            return false;
        }
        throw new IOException(file + " does not have the columns of a requests table; expected header: " + expected);
    }

    private static boolean hasColumn(ResultSet rs, String name) throws SQLException {
        java.sql.ResultSetMetaData md = rs.getMetaData();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            if (name.equals(md.getColumnName(i))) {
                return true;
            }
        }
        return false;
    }

    /** A snapshot of the table's records with the given pooled histograms, anchored at nano time 0. */
    static RecordSnapshot snapshot(Table t, Instant fallbackAnchor, GapHistograms gaps) {
        Instant anchor = t.anchor() != null ? t.anchor() : fallbackAnchor;
        return new RecordSnapshot(anchor, 0, t.records(), gaps.chunkGaps(), gaps.tokenGaps());
    }

    private static RequestRecord record(ResultSet rs, boolean hasWait) throws SQLException {
        OutcomeFields outcome = new OutcomeFields(
                Outcome.Kind.valueOf(rs.getString("outcome")),
                rs.getString("error"),
                rs.getString("error_detail"),
                rs.getString("error_type"),
                (Integer) rs.getObject("error_status"),
                (Boolean) rs.getObject("mid_stream"),
                (Boolean) rs.getObject("connect_failure"),
                enumOrNull(TimeoutPhase.class, rs.getString("timeout_phase")),
                (Long) rs.getObject("timeout_ms"));
        String source = rs.getString("output_token_source");
        return new RequestRecord(
                rs.getLong("request_id"),
                rs.getInt("endpoint"),
                rs.getString("endpoint_url"),
                rs.getLong("sample_index"),
                rs.getInt("prompt_count"),
                rs.getBoolean("stream"),
                time(rs, "scheduled_ns"),
                time(rs, "issued_ns"),
                time(rs, "dispatched_ns"),
                time(rs, "connected_ns"),
                time(rs, "sent_ns"),
                time(rs, "headers_ns"),
                time(rs, "role_ns"),
                time(rs, "first_token_ns"),
                time(rs, "last_token_ns"),
                time(rs, "done_ns"),
                rs.getInt("chunks"),
                rs.getLong("max_chunk_gap_ns"),
                count(rs, "input_tokens"),
                count(rs, "output_tokens"),
                source == null ? null : TokenCountSource.valueOf(source),
                rs.getInt("http_status"),
                rs.getInt("retries"),
                outcome.toOutcome(),
                longs(rs.getArray("chunk_times_ns")),
                hasWait ? RequestTable.clientWait(rs.getString(RequestTable.CLIENT_WAIT)) : ClientWait.NONE);
    }

    private static long time(ResultSet rs, String column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? ABSENT : v;
    }

    private static long count(ResultSet rs, String column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? -1 : v;
    }

    private static long[] longs(Array a) throws SQLException {
        if (a == null) {
            return null;
        }
        Object[] values = (Object[]) a.getArray();
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = ((Number) values[i]).longValue();
        }
        return out;
    }

    private static <E extends Enum<E>> E enumOrNull(Class<E> type, String name) {
        return name == null ? null : Enum.valueOf(type, name);
    }
}
