package io.llmharness.report;

import io.llmharness.metrics.PrometheusText;
import io.llmharness.metrics.server.ScrapedValue;
import io.llmharness.metrics.server.ServerSignal;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code server_metrics.parquet}: every sample of every {@code /metrics} scrape of a run, one row per sample with
 * the columns {@code time} (TIMESTAMPTZ, the middle of the scrape round), {@code server} (base URL), {@code metric}
 * (sample name as exposed), {@code labels} ({@code name="value"} pairs, comma-separated, escaped as in the
 * exposition) and {@code value} (DOUBLE). Scrapes are appended to {@code server_metrics.csv} while the run goes
 * on; {@link Writer#close()} turns it into the Parquet file.
 */
public final class ServerMetricsFile {

    /** The file name inside a run directory. */
    public static final String FILE = "server_metrics.parquet";

    static final String CSV = "server_metrics.csv";

    private ServerMetricsFile() {}

    /** Whether a run directory holds scraped server metrics. */
    public static boolean exists(Path runDir) {
        return Files.isRegularFile(runDir.resolve(FILE));
    }

    /**
     * Appends scrapes of a run as they come (CSV), and writes the Parquet file on close. Thread-safe.
     */
    public static final class Writer implements AutoCloseable {
        private final Path csv;
        private final Path parquet;
        private final BufferedWriter out;
        private boolean closed;

        private Writer(Path runDir) throws IOException {
            this.csv = runDir.resolve(CSV);
            this.parquet = runDir.resolve(FILE);
            this.out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
            out.write("time,server,metric,labels,value\n");
        }

        /** Starts {@code server_metrics.csv} in a run directory (which must exist). */
        public static Writer create(Path runDir) throws IOException {
            return new Writer(runDir);
        }

        /** Appends every sample of one scrape of one server. */
        public synchronized void append(Instant time, String server, PrometheusText scrape) throws IOException {
            if (closed) {
                return;
            }
            String prefix = time + "," + quote(server) + ",";
            for (PrometheusText.Sample s : scrape.samples()) {
                out.write(prefix + quote(s.name()) + "," + quote(labels(s.labels())) + "," + number(s.value()) + "\n");
            }
        }

        /**
         * Writes {@code server_metrics.parquet} and removes the CSV. Idempotent.
         *
         * @throws IOException when the Parquet file cannot be written (the CSV is then kept)
         */
        @Override
        public synchronized void close() throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            out.close();
            try (Connection c = DuckDb.open();
                    Statement st = c.createStatement()) {
                st.execute("COPY (SELECT * FROM read_csv(" + DuckDb.literal(csv) + ", header = true,"
                        + " auto_detect = false, delim = ',', quote = '\"', escape = '\"',"
                        + " columns = {'time': 'TIMESTAMPTZ', 'server': 'VARCHAR', 'metric': 'VARCHAR',"
                        + " 'labels': 'VARCHAR', 'value': 'DOUBLE'})) TO " + DuckDb.literal(parquet)
                        + " (FORMAT parquet, COMPRESSION zstd)");
            } catch (SQLException e) {
                throw new IOException("cannot write " + parquet + ": " + e.getMessage(), e);
            }
            Files.deleteIfExists(csv);
        }
    }

    /**
     * Reads the metrics the report's signals need ({@link ServerSignal#allMetricNames()}), summed over the series
     * of each name per scrape and server, with times in seconds from {@code anchor}.
     *
     * @throws IOException when the file cannot be read
     */
    public static List<ScrapedValue> read(Path runDir, Instant anchor) throws IOException {
        Path file = runDir.resolve(FILE);
        String names = ServerSignal.allMetricNames().stream()
                .map(n -> "'" + n.replace("'", "''") + "'")
                .collect(Collectors.joining(", "));
        long anchorNs = anchor.getEpochSecond() * 1_000_000_000L + anchor.getNano();
        List<ScrapedValue> out = new ArrayList<>();
        try (Connection c = DuckDb.open();
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT epoch_us(time) AS us, server, metric, sum(value) AS v,"
                        + " count(*) AS n FROM read_parquet(" + DuckDb.literal(file) + ") WHERE metric IN ("
                        + names + ") AND isfinite(value) GROUP BY ALL ORDER BY us, server, metric")) {
            while (rs.next()) {
                double t = (rs.getLong("us") * 1000L - anchorNs) / 1e9;
                out.add(new ScrapedValue(
                        t, rs.getString("server"), rs.getString("metric"), rs.getDouble("v"), rs.getInt("n")));
            }
        } catch (SQLException e) {
            throw new IOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return out;
    }

    private static String labels(Map<String, String> labels) {
        StringBuilder sb = new StringBuilder();
        labels.forEach((k, v) -> {
            if (!sb.isEmpty()) {
                sb.append(',');
            }
            sb.append(k)
                    .append("=\"")
                    .append(v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"))
                    .append('"');
        });
        return sb.toString();
    }

    private static String number(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return Double.toString(v);
    }

    private static String quote(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }
}
