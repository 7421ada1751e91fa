package io.llmharness.report;

import static io.llmharness.client.record.RequestRecord.ABSENT;

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
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        Boolean csvWait = csv ? checkCsvHeader(file) : null;
        String source = csv ? DuckDb.readRequestsCsv(file, csvWait) : "read_parquet(" + DuckDb.literal(file) + ")";
        String chunkTimes = csv ? DuckDb.chunkTimesFromText("chunk_times_ns") : "chunk_times_ns";
        List<RequestRecord> out = new ArrayList<>();
        Instant anchor = null;
        try (Connection c = DuckDb.open();
                Statement st = c.createStatement()) {
            boolean hasWait = csvWait != null ? csvWait : hasColumn(st, source, RequestTable.CLIENT_WAIT);
            Texts texts = Texts.of(st, source, hasWait);
            String select = Columns.READ.stream()
                    .map(n -> n.equals("chunk_times_ns") ? chunkTimes + " AS chunk_times_ns" : texts.expression(n))
                    .collect(Collectors.joining(", "));
            try (ResultSet rs = st.executeQuery("SELECT " + select + " FROM " + source)) {
                Columns cols = new Columns(rs);
                while (rs.next()) {
                    out.add(record(rs, cols, texts));
                }
            }
            // the same for every row: taken from the first that has both (file order is kept)
            try (ResultSet rs = st.executeQuery("SELECT scheduled_at, scheduled_ns FROM " + source
                    + " WHERE scheduled_at IS NOT NULL AND scheduled_ns IS NOT NULL LIMIT 1")) {
                if (rs.next()) {
                    anchor = Instant.parse(rs.getString(1)).minusNanos(rs.getLong(2));
                }
            }
        }
        return new Table(anchor, out);
    }

    /**
     * The text columns every row has, read as numbers: each value's position (1-based) in the list of the file's
     * distinct values, so no text is decoded per row (which was a third of the reading time of a million rows).
     */
    private record Texts(List<String> outcomes, List<String> sources, List<String> urls, List<String> waits) {

        /** @param hasWait whether the file has the {@code client_wait} column (older files do not) */
        static Texts of(Statement st, String source, boolean hasWait) throws SQLException {
            try (ResultSet rs = st.executeQuery("SELECT list(DISTINCT outcome), list(DISTINCT output_token_source),"
                    + " list(DISTINCT endpoint_url)"
                    + (hasWait ? ", list(DISTINCT " + RequestTable.CLIENT_WAIT + ")" : "") + " FROM " + source)) {
                rs.next();
                return new Texts(
                        texts(rs.getArray(1)),
                        texts(rs.getArray(2)),
                        texts(rs.getArray(3)),
                        hasWait ? texts(rs.getArray(4)) : List.of());
            }
        }

        private static List<String> texts(Array a) throws SQLException {
            List<String> out = new ArrayList<>();
            if (a != null) {
                for (Object o : (Object[]) a.getArray()) {
                    if (o != null) {
                        out.add(o.toString());
                    }
                }
            }
            return out;
        }

        /** The select expression of a column: a position for the coded ones, else the column itself. */
        String expression(String column) {
            List<String> values = switch (column) {
                case "outcome" -> outcomes;
                case "output_token_source" -> sources;
                case "endpoint_url" -> urls;
                case RequestTable.CLIENT_WAIT -> waits;
                default -> null;
            };
            if (values == null) {
                return column;
            }
            if (values.isEmpty()) {
                return "NULL::INTEGER AS " + column;
            }
            return "list_position(["
                    + values.stream().map(v -> "'" + v.replace("'", "''") + "'").collect(Collectors.joining(", "))
                    + "], " + column + ") AS " + column;
        }

        /** The text of a position read from a coded column, or null. */
        static String text(ResultSet rs, int column, List<String> values) throws SQLException {
            int i = rs.getInt(column);
            return rs.wasNull() || i < 1 ? null : values.get(i - 1);
        }
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

    private static boolean hasColumn(Statement st, String source, String name) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT * FROM " + source + " LIMIT 0")) {
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                if (name.equals(md.getColumnName(i))) {
                    return true;
                }
            }
            return false;
        }
    }

    /** A snapshot of the table's records with the given pooled histograms, anchored at nano time 0. */
    static RecordSnapshot snapshot(Table t, Instant fallbackAnchor, GapHistograms gaps) {
        Instant anchor = t.anchor() != null ? t.anchor() : fallbackAnchor;
        return new RecordSnapshot(anchor, 0, t.records(), gaps.chunkGaps(), gaps.tokenGaps());
    }

    private static RequestRecord record(ResultSet rs, Columns c, Texts t) throws SQLException {
        String kindName = Texts.text(rs, c.outcome, t.outcomes());
        if (kindName == null) {
            throw new SQLException("row without an outcome");
        }
        Outcome.Kind kind = Outcome.Kind.valueOf(kindName);
        Outcome outcome = kind == Outcome.Kind.OK
                ? Outcome.OK // the error columns say nothing about a success: not read
                : new OutcomeFields(
                                kind,
                                rs.getString(c.error),
                                rs.getString(c.errorDetail),
                                rs.getString(c.errorType),
                                (Integer) rs.getObject(c.errorStatus),
                                (Boolean) rs.getObject(c.midStream),
                                (Boolean) rs.getObject(c.connectFailure),
                                enumOrNull(TimeoutPhase.class, rs.getString(c.timeoutPhase)),
                                (Long) rs.getObject(c.timeoutMs))
                        .toOutcome();
        String source = Texts.text(rs, c.outputTokenSource, t.sources());
        return new RequestRecord(
                rs.getLong(c.requestId),
                rs.getInt(c.endpoint),
                Texts.text(rs, c.endpointUrl, t.urls()),
                rs.getLong(c.sampleIndex),
                rs.getInt(c.promptCount),
                rs.getBoolean(c.stream),
                time(rs, c.scheduledNs),
                time(rs, c.issuedNs),
                time(rs, c.dispatchedNs),
                time(rs, c.connectedNs),
                time(rs, c.sentNs),
                time(rs, c.headersNs),
                time(rs, c.roleNs),
                time(rs, c.firstTokenNs),
                time(rs, c.lastTokenNs),
                time(rs, c.doneNs),
                rs.getInt(c.chunks),
                rs.getLong(c.maxChunkGapNs),
                count(rs, c.inputTokens),
                count(rs, c.outputTokens),
                source == null ? null : TokenCountSource.valueOf(source),
                rs.getInt(c.httpStatus),
                rs.getInt(c.retries),
                outcome,
                longs(rs.getArray(c.chunkTimesNs)),
                RequestTable.clientWait(Texts.text(rs, c.clientWait, t.waits())));
    }

    private static long time(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? ABSENT : v;
    }

    private static long count(ResultSet rs, int column) throws SQLException {
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

    /**
     * Column positions by name, looked up once per file: the driver's own lookup by name is a linear,
     * case-insensitive scan, which for a million rows of 40 columns cost more than reading the values.
     */
    private static final class Columns {
        /** The columns read: the record's fields (not the derived {@code *_ms} ones, recomputed anyway). */
        static final List<String> READ = List.of(
                "outcome",
                "error",
                "error_detail",
                "error_type",
                "error_status",
                "mid_stream",
                "connect_failure",
                "timeout_phase",
                "timeout_ms",
                "output_token_source",
                "request_id",
                "endpoint",
                "endpoint_url",
                "sample_index",
                "prompt_count",
                "stream",
                "scheduled_ns",
                "issued_ns",
                "dispatched_ns",
                "connected_ns",
                "sent_ns",
                "headers_ns",
                "role_ns",
                "first_token_ns",
                "last_token_ns",
                "done_ns",
                "chunks",
                "max_chunk_gap_ns",
                "input_tokens",
                "output_tokens",
                "http_status",
                "retries",
                "chunk_times_ns",
                RequestTable.CLIENT_WAIT);

        final int outcome;
        final int error;
        final int errorDetail;
        final int errorType;
        final int errorStatus;
        final int midStream;
        final int connectFailure;
        final int timeoutPhase;
        final int timeoutMs;
        final int outputTokenSource;
        final int requestId;
        final int endpoint;
        final int endpointUrl;
        final int sampleIndex;
        final int promptCount;
        final int stream;
        final int scheduledNs;
        final int issuedNs;
        final int dispatchedNs;
        final int connectedNs;
        final int sentNs;
        final int headersNs;
        final int roleNs;
        final int firstTokenNs;
        final int lastTokenNs;
        final int doneNs;
        final int chunks;
        final int maxChunkGapNs;
        final int inputTokens;
        final int outputTokens;
        final int httpStatus;
        final int retries;
        final int chunkTimesNs;
        final int clientWait;

        Columns(ResultSet rs) throws SQLException {
            ResultSetMetaData md = rs.getMetaData();
            Map<String, Integer> index = new HashMap<>();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                index.putIfAbsent(md.getColumnLabel(i), i);
            }
            outcome = of(index, "outcome");
            error = of(index, "error");
            errorDetail = of(index, "error_detail");
            errorType = of(index, "error_type");
            errorStatus = of(index, "error_status");
            midStream = of(index, "mid_stream");
            connectFailure = of(index, "connect_failure");
            timeoutPhase = of(index, "timeout_phase");
            timeoutMs = of(index, "timeout_ms");
            outputTokenSource = of(index, "output_token_source");
            requestId = of(index, "request_id");
            endpoint = of(index, "endpoint");
            endpointUrl = of(index, "endpoint_url");
            sampleIndex = of(index, "sample_index");
            promptCount = of(index, "prompt_count");
            stream = of(index, "stream");
            scheduledNs = of(index, "scheduled_ns");
            issuedNs = of(index, "issued_ns");
            dispatchedNs = of(index, "dispatched_ns");
            connectedNs = of(index, "connected_ns");
            sentNs = of(index, "sent_ns");
            headersNs = of(index, "headers_ns");
            roleNs = of(index, "role_ns");
            firstTokenNs = of(index, "first_token_ns");
            lastTokenNs = of(index, "last_token_ns");
            doneNs = of(index, "done_ns");
            chunks = of(index, "chunks");
            maxChunkGapNs = of(index, "max_chunk_gap_ns");
            inputTokens = of(index, "input_tokens");
            outputTokens = of(index, "output_tokens");
            httpStatus = of(index, "http_status");
            retries = of(index, "retries");
            chunkTimesNs = of(index, "chunk_times_ns");
            clientWait = of(index, RequestTable.CLIENT_WAIT);
        }

        private static int of(Map<String, Integer> index, String name) throws SQLException {
            Integer i = index.get(name);
            if (i == null) {
                throw new SQLException("no column '" + name + "'");
            }
            return i;
        }
    }

    private static <E extends Enum<E>> E enumOrNull(Class<E> type, String name) {
        return name == null ? null : Enum.valueOf(type, name);
    }
}
