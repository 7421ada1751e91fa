package io.llmharness.report.history;

import io.llmharness.report.SummaryDoc;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The run history: a DuckDB file with one table, {@code runs}, one row per run directory (appending a directory
 * again replaces its row). Columns: the run's identity and setup ({@code benchmark}, {@code scenario},
 * {@code test_mode}, {@code model}, {@code target}), its {@code result}, headline numbers ({@code *_ms} latencies,
 * {@code *_per_second} rates) and the whole summary.json in {@code summary} for anything else.
 *
 * <p>DuckDB lets one process at a time open the file; when another holds it, appending retries for a few seconds
 * and then gives up with an {@link IOException} (callers log it: a run never fails over its history).
 */
public final class RunHistory {

    static final String TABLE = "runs";
    static final int LOCK_ATTEMPTS = 20;
    static final long LOCK_WAIT_MS = 250;

    private static final String SCHEMA = "CREATE TABLE IF NOT EXISTS " + TABLE + " ("
            + "run_dir VARCHAR PRIMARY KEY, run_id VARCHAR, finished_at TIMESTAMPTZ, benchmark VARCHAR,"
            + " scenario VARCHAR, test_mode VARCHAR, model VARCHAR, target VARCHAR, result VARCHAR,"
            + " duration_s DOUBLE, requests BIGINT, failed BIGINT, failure_rate DOUBLE,"
            + " requests_per_second DOUBLE, output_tokens_per_second DOUBLE, goodput_requests_per_second DOUBLE,"
            + " ttft_p50_ms DOUBLE, ttft_p99_ms DOUBLE, tpot_p50_ms DOUBLE, tpot_p99_ms DOUBLE,"
            + " itl_p50_ms DOUBLE, itl_p99_ms DOUBLE, e2e_latency_p50_ms DOUBLE, e2e_latency_p99_ms DOUBLE,"
            + " schedule_delay_p99_ms DOUBLE, tool_version VARCHAR, recorded_at TIMESTAMPTZ, summary VARCHAR)";

    private RunHistory() {}

    /**
     * What to list: each filter matches case-insensitively and as a substring; null matches everything.
     *
     * @param benchmark benchmark or workload
     * @param scenario scenario
     * @param model model
     * @param target servers (URLs, server config, simulator)
     */
    public record Filter(String benchmark, String scenario, String model, String target) {
        /** No filter. */
        public static final Filter ALL = new Filter(null, null, null, null);
    }

    /**
     * Appends (or replaces) the row of a run directory.
     *
     * @throws IOException when the file cannot be opened or written
     */
    public static void append(Path db, Path runDir) throws IOException {
        SummaryDoc d = SummaryDoc.read(runDir);
        String summary = Files.readString(runDir.resolve("summary.json"));
        Path parent = db.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        try (Connection c = open(db);
                Statement st = c.createStatement()) {
            st.execute(SCHEMA);
            try (PreparedStatement ps = c.prepareStatement("INSERT OR REPLACE INTO " + TABLE
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                int i = 1;
                ps.setString(i++, runDir.toAbsolutePath().normalize().toString());
                ps.setString(i++, d.runId());
                ps.setTimestamp(i++, finishedAt(d));
                ps.setString(i++, d.benchmark());
                ps.setString(i++, d.scenario());
                ps.setString(i++, d.text("config", "test_mode"));
                ps.setString(i++, d.model());
                ps.setString(i++, d.target());
                ps.setString(i++, d.result());
                number(ps, i++, d.number("metrics", "window", "duration_s"));
                number(ps, i++, d.number("metrics", "requests", "issued"));
                number(ps, i++, d.number("metrics", "requests", "failed"));
                number(ps, i++, d.number("metrics", "failure_rate"));
                number(ps, i++, d.number("metrics", "throughput", "requests_per_second"));
                number(ps, i++, d.number("metrics", "throughput", "output_tokens_per_second"));
                number(ps, i++, d.number("metrics", "throughput", "goodput_requests_per_second"));
                for (String[] p : new String[][] {
                    {"ttft", "p50"},
                    {"ttft", "p99"},
                    {"tpot", "p50"},
                    {"tpot", "p99"},
                    {"itl_chunk", "p50"},
                    {"itl_chunk", "p99"},
                    {"e2e_latency", "p50"},
                    {"e2e_latency", "p99"},
                    {"schedule_delay", "p99"}
                }) {
                    number(ps, i++, d.number("metrics", "latency", p[0], p[1]));
                }
                ps.setString(i++, d.text("run", "tool_version"));
                ps.setTimestamp(i++, Timestamp.from(Instant.now()));
                ps.setString(i, summary);
                ps.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IOException("cannot add " + runDir + " to the run history " + db + ": " + e.getMessage(), e);
        }
    }

    /**
     * The latest runs first.
     *
     * @param limit at most this many
     * @throws IOException when the file cannot be read
     */
    public static List<HistoryEntry> list(Path db, Filter f, int limit) throws IOException {
        if (!Files.isRegularFile(db)) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder("SELECT run_dir, run_id, finished_at, benchmark, scenario, model,"
                + " target, result, requests_per_second, output_tokens_per_second, ttft_p99_ms, tpot_p99_ms, failed"
                + " FROM " + TABLE + " WHERE true");
        List<String> args = new ArrayList<>();
        where(sql, args, "benchmark", f.benchmark());
        where(sql, args, "scenario", f.scenario());
        where(sql, args, "model", f.model());
        where(sql, args, "target", f.target());
        sql.append(" ORDER BY finished_at DESC, run_dir LIMIT ").append(Math.max(0, limit));
        List<HistoryEntry> out = new ArrayList<>();
        try (Connection c = open(db);
                PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                ps.setString(i + 1, args.get(i));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Timestamp at = rs.getTimestamp("finished_at");
                    out.add(new HistoryEntry(
                            rs.getString("run_dir"),
                            rs.getString("run_id"),
                            at == null ? null : at.toInstant(),
                            rs.getString("benchmark"),
                            rs.getString("scenario"),
                            rs.getString("model"),
                            rs.getString("target"),
                            rs.getString("result"),
                            (Double) rs.getObject("requests_per_second"),
                            (Double) rs.getObject("output_tokens_per_second"),
                            (Double) rs.getObject("ttft_p99_ms"),
                            (Double) rs.getObject("tpot_p99_ms"),
                            rs.getLong("failed")));
                }
            }
        } catch (SQLException e) {
            throw new IOException("cannot read the run history " + db + ": " + e.getMessage(), e);
        }
        return out;
    }

    private static void where(StringBuilder sql, List<String> args, String column, String value) {
        if (value != null && !value.isBlank()) {
            sql.append(" AND ").append(column).append(" ILIKE ?");
            args.add("%" + value.strip() + "%");
        }
    }

    /** Opens the file, waiting a little while another process holds it. */
    private static Connection open(Path db) throws SQLException {
        SQLException last = null;
        for (int attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
            try {
                return DriverManager.getConnection("jdbc:duckdb:" + db.toAbsolutePath());
            } catch (SQLException e) {
                if (!String.valueOf(e.getMessage())
                        .toLowerCase(java.util.Locale.ROOT)
                        .contains("lock")) {
                    throw e;
                }
                last = e;
                try {
                    Thread.sleep(LOCK_WAIT_MS); // another harness process is appending: its write takes milliseconds
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
        throw last;
    }

    private static Timestamp finishedAt(SummaryDoc d) {
        String t = d.text("run", "end");
        if (t == null) {
            t = d.text("run", "start");
        }
        try {
            return t == null ? null : Timestamp.from(Instant.parse(t));
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void number(PreparedStatement ps, int i, Double v) throws SQLException {
        if (v == null) {
            ps.setNull(i, Types.DOUBLE);
        } else {
            ps.setDouble(i, v);
        }
    }
}
