package io.llmharness.run;

import io.llmharness.client.transport.TransportOptions;
import io.llmharness.metrics.PrometheusText;
import io.llmharness.report.ServerMetricsFile;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scrapes {@code GET /metrics} (Prometheus text) of every server once as it starts (before the load: the baseline
 * counters are totalled from), then every interval on a daemon thread of its own, once more at the end, and writes every sample into {@code server_metrics.parquet} of the run directory
 * ({@link ServerMetricsFile}). A scrape that fails or does not parse is skipped (the first failure of a server is a
 * warning in harness.log); it never disturbs the run. All servers of one scrape round share one timestamp: the
 * middle of the round (the servers read their counters somewhere between sending the request and receiving the
 * answer). When the machine stalls, the rounds missed are not made up in a burst: a round due less than half an
 * interval after the last one is skipped, since rates between scrapes a few milliseconds apart are mostly noise.
 *
 * <p>Any run can use it, MLPerf or workload mode:
 *
 * <pre>{@code
 * try (ServerMetricsScraper scraper = ServerMetricsScraper.start(urls, runDir, Duration.ofSeconds(5), transport)) {
 *     ... stage 1 ...
 *     scraper.scrapeNow();   // optional: a scrape between stages makes per-stage counters exact
 *     ... stage 2 ...
 * }                          // scrapes once more, then writes server_metrics.parquet
 * }</pre>
 *
 * Then {@code RunOutputs.write} summarises the file per stage into summary.json and the report draws it.
 */
public final class ServerMetricsScraper implements AutoCloseable {

    /** Shortest interval; a smaller one is raised to this. */
    public static final Duration MIN_INTERVAL = Duration.ofMillis(100);

    private static final Logger LOG = LoggerFactory.getLogger(ServerMetricsScraper.class);

    private final List<String> urls;
    private final ServerMetricsFile.Writer out;
    private final ScheduledExecutorService timer;
    private final HttpClient http;
    private final Map<String, String> headers;
    private final long intervalNs;
    private long lastRoundNs = Long.MIN_VALUE;
    private final Set<String> failing = new HashSet<>();
    private boolean closed;

    private ServerMetricsScraper(
            List<String> urls, ServerMetricsFile.Writer out, Duration interval, TransportOptions transport) {
        this.urls = List.copyOf(urls);
        this.out = out;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2))
                .sslContext(transport.tls().sslContext())
                .build();
        this.headers = transport.requestHeaders();
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "metrics-scraper");
            t.setDaemon(true);
            return t;
        });
        long ms = Math.max(MIN_INTERVAL.toMillis(), interval.toMillis());
        this.intervalNs = TimeUnit.MILLISECONDS.toNanos(ms);
        // the first round before the run's first request: counters are totalled from it, so a first scrape that
        // came after the load had begun would leave out what the servers did before it
        scrapeNow();
        timer.scheduleAtFixedRate(this::scheduledRound, ms, ms, TimeUnit.MILLISECONDS);
    }

    /** A round of the timer, unless it is a late one that would follow the last round too closely. */
    private synchronized void scheduledRound() {
        if (lastRoundNs != Long.MIN_VALUE && System.nanoTime() - lastRoundNs < intervalNs / 2) {
            return;
        }
        scrapeNow();
    }

    /**
     * Starts scraping the servers at the given base URLs (scheme, host, port; {@code /metrics} is appended) into
     * {@code runDir} (which must exist), the first round before this returns (a server that does not answer delays
     * the start by at most the scrape's timeouts: 2 s to connect, 5 s to answer). When the file cannot be created, logs a warning and returns a scraper
     * that does nothing.
     *
     * @param transport the headers (API key, {@code --header}) and TLS trust the client uses with these servers
     */
    public static ServerMetricsScraper start(
            List<String> baseUrls, Path runDir, Duration interval, TransportOptions transport) {
        try {
            return new ServerMetricsScraper(baseUrls, ServerMetricsFile.Writer.create(runDir), interval, transport);
        } catch (IOException e) {
            LOG.warn("server metrics are not scraped: {}", e.toString());
            return new ServerMetricsScraper(List.of(), null, Duration.ofDays(1), TransportOptions.defaults());
        }
    }

    /** {@code --enable-metrics} of an MLPerf run: a scraper when asked for, else null. */
    static ServerMetricsScraper start(RunSpec spec, List<String> urls) {
        RunRequest.MetricsRequest m = spec.request().metrics();
        return m.enabled()
                ? start(urls, spec.runDir(), m.interval(), spec.access().applyTo(TransportOptions.defaults()))
                : null;
    }

    /** Scrapes every server now (blocking, at most a few seconds per server). Thread-safe. */
    public synchronized void scrapeNow() {
        if (closed || out == null) {
            return;
        }
        long startNs = System.nanoTime();
        Instant start = Instant.now();
        List<Map.Entry<String, PrometheusText>> round = new ArrayList<>(urls.size());
        for (String url : urls) {
            String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
            try {
                HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(base + "/metrics"))
                        .timeout(Duration.ofSeconds(5))
                        .GET();
                headers.forEach(req::header);
                HttpResponse<String> r = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    round.add(Map.entry(url, PrometheusText.parse(r.body())));
                    if (failing.remove(url)) {
                        LOG.info("GET {}/metrics answers again", base);
                    }
                } else {
                    failed(
                            url,
                            "HTTP " + r.statusCode()
                                    + (r.statusCode() == 404
                                            ? " (SGLang serves /metrics only with --enable-metrics)"
                                            : ""));
                }
            } catch (IOException | IllegalArgumentException e) {
                failed(url, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        long endNs = System.nanoTime();
        lastRoundNs = endNs;
        Instant middle = start.plusNanos((endNs - startNs) / 2);
        for (Map.Entry<String, PrometheusText> e : round) {
            try {
                out.append(middle, e.getKey(), e.getValue());
            } catch (IOException ex) {
                LOG.warn("server metrics of {} not written: {}", e.getKey(), ex.toString());
            }
        }
    }

    /** Logs the first failure of a server as a warning, the next ones (every interval) only at debug level. */
    private void failed(String url, String why) {
        if (failing.add(url)) {
            LOG.warn("GET {}/metrics failed: {}; its server metrics are missing until it answers", url, why);
        } else {
            LOG.debug("GET {}/metrics failed: {}", url, why);
        }
    }

    /** Scrapes one last time, then writes the Parquet file. Idempotent. */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        scrapeNow();
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (out != null) {
            try {
                out.close();
            } catch (IOException e) {
                LOG.warn("{}", e.getMessage());
            }
        }
        http.shutdownNow();
    }
}
