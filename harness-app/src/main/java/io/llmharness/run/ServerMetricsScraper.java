package io.llmharness.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code --enable-metrics}: scrapes {@code GET /metrics} (Prometheus text) of every server every
 * {@code --metrics-interval} while LoadGen runs, once more at the end, and writes every sample as a row of
 * {@code server_metrics.parquet} (columns {@code time}, {@code server}, {@code metric}, {@code labels},
 * {@code value}) in the run directory. A scrape that fails is logged in harness.log and skipped; it never
 * disturbs the run. Comment lines ({@code # HELP}, {@code # TYPE}) are dropped.
 */
final class ServerMetricsScraper implements AutoCloseable {

    static final String FILE = "server_metrics.parquet";
    private static final Logger LOG = LoggerFactory.getLogger(ServerMetricsScraper.class);

    private final List<String> urls;
    private final Path csv;
    private final Path parquet;
    private final BufferedWriter out;
    private final ScheduledExecutorService timer;
    private final HttpClient http;
    private final java.util.Map<String, String> headers;

    private ServerMetricsScraper(List<String> urls, Path runDir, Duration interval, AccessPlan access)
            throws IOException {
        this.urls = List.copyOf(urls);
        this.csv = runDir.resolve("server_metrics.csv");
        this.parquet = runDir.resolve(FILE);
        this.out = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
        out.write("time,server,metric,labels,value\n");
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .sslContext(access.tls().sslContext())
                .build();
        this.headers = access.controlHeaders();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "metrics-scraper");
            t.setDaemon(true);
            return t;
        });
        long ms = Math.max(100, interval.toMillis());
        timer.scheduleAtFixedRate(this::scrapeAll, 0, ms, TimeUnit.MILLISECONDS);
    }

    /** Starts scraping when the run asks for it; otherwise a handle that does nothing. */
    static ServerMetricsScraper start(RunSpec spec, List<String> urls) {
        RunRequest.MetricsRequest m = spec.request().metrics();
        if (!m.enabled()) {
            return null;
        }
        try {
            return new ServerMetricsScraper(urls, spec.runDir(), m.interval(), spec.access());
        } catch (IOException e) {
            LOG.warn("server metrics are not scraped: {}", e.toString());
            return null;
        }
    }

    private synchronized void scrapeAll() {
        String now = Instant.now().toString();
        for (String url : urls) {
            String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
            try {
                HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(base + "/metrics"))
                        .timeout(Duration.ofSeconds(5))
                        .GET();
                headers.forEach(req::header);
                HttpResponse<String> r = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    write(now, url, r.body());
                } else {
                    LOG.info("GET {}/metrics: HTTP {}", base, r.statusCode());
                }
            } catch (IOException e) {
                LOG.info("GET {}/metrics failed: {}", base, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void write(String time, String url, String body) throws IOException {
        for (String line : body.split("\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int brace = l.indexOf('{');
            int space = brace >= 0 ? l.indexOf(' ', l.lastIndexOf('}')) : l.indexOf(' ');
            if (space < 0) {
                continue;
            }
            String name = brace >= 0 && brace < space ? l.substring(0, brace) : l.substring(0, space);
            String labels = brace >= 0 && brace < space ? l.substring(brace + 1, l.lastIndexOf('}', space)) : "";
            String[] rest = l.substring(space + 1).strip().split("\\s+");
            out.write(time + "," + csv(url) + "," + csv(name) + "," + csv(labels) + "," + number(rest[0]) + "\n");
        }
    }

    /** Prometheus spells infinities and NaN its own way. */
    private static String number(String v) {
        return switch (v) {
            case "+Inf" -> "inf";
            case "-Inf" -> "-inf";
            case "NaN" -> "nan";
            default -> v;
        };
    }

    private static String csv(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    /** Scrapes one last time, then writes the Parquet file. */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        scrapeAll();
        try {
            out.close();
            try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                    Statement st = c.createStatement()) {
                st.execute("COPY (SELECT * FROM read_csv(" + literal(csv) + ", header = true, auto_detect = false,"
                        + " columns = {'time': 'TIMESTAMPTZ', 'server': 'VARCHAR', 'metric': 'VARCHAR',"
                        + " 'labels': 'VARCHAR', 'value': 'DOUBLE'})) TO " + literal(parquet)
                        + " (FORMAT parquet, COMPRESSION zstd)");
            }
            Files.deleteIfExists(csv);
        } catch (IOException | SQLException e) {
            LOG.warn("cannot write {}: {}", parquet, e.toString());
        }
        http.shutdownNow();
    }

    private static String literal(Path p) {
        return "'" + p.toAbsolutePath().toString().replace("'", "''") + "'";
    }
}
