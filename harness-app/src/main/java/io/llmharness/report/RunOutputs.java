package io.llmharness.report;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.error.HarnessException;
import io.llmharness.metrics.MetricSummary;
import io.llmharness.metrics.StageWindow;
import io.llmharness.metrics.server.ScrapedValue;
import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.metrics.server.ServerTimeline;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files of a run directory that this package owns, and the two operations on them: write everything after a
 * run, and regenerate summary.json from what was recorded.
 *
 * <pre>{@code
 * RecordSnapshot snap = client.snapshot();
 * MetricSummary metrics = MetricSummary.compute(snap, MeasureOptions.all(), client.endpointStats());
 * RunSummary summary = RunSummary.of(runInfo, config, datasetStats, mlperfOrNull, metrics);
 * RunOutputs.write(runDir, summary, snap);
 * // later, from the directory alone:
 * RunOutputs.regenerateSummary(runDir);
 * }</pre>
 */
public final class RunOutputs {

    /** The summary document. */
    public static final String SUMMARY_JSON = "summary.json";
    /** Per-request rows as CSV. */
    public static final String REQUESTS_CSV = "requests.csv";
    /** Per-request rows as Parquet (same columns). */
    public static final String REQUESTS_PARQUET = "requests.parquet";
    /** The client's pooled chunk-gap histograms (HdrHistogram log). */
    public static final String ITL_HISTOGRAMS = "itl_histograms.hlog";

    private static final Logger LOG = LoggerFactory.getLogger(RunOutputs.class);

    private RunOutputs() {}

    /**
     * A run directory read back: its summary and every recorded request.
     *
     * @param summary the summary as written
     * @param snapshot the records, times relative to the run start (nano anchor 0)
     */
    public record Recorded(RunSummary summary, RecordSnapshot snapshot) {}

    /**
     * Writes requests.csv, requests.parquet, itl_histograms.hlog and, last, summary.json into {@code dir} (created
     * when missing). The summary must have been computed from {@code snapshot}. When the directory holds
     * {@code server_metrics.parquet} (the scraper has been closed), its per-stage summary becomes the
     * {@code server_metrics} section.
     *
     * @return the summary as written (with its server-metrics section)
     * @throws HarnessException (execution) when a file cannot be written
     */
    public static RunSummary write(Path dir, RunSummary summary, RecordSnapshot snapshot) {
        writeRequests(dir, snapshot);
        RunSummary s = summary.withServerMetrics(serverMetrics(dir, summary));
        SummaryJson.write(s, dir.resolve(SUMMARY_JSON));
        return s;
    }

    /**
     * The server-metrics summary of a run directory over the summary's stages, or null without a scrape file or
     * when it cannot be read (logged, never fatal: the scrape is an extra).
     */
    static ServerMetricsSummary serverMetrics(Path dir, RunSummary summary) {
        return serverMetrics(dir, anchor(summary), summary.effectiveStages());
    }

    /**
     * The per-stage summary of a run directory's {@code server_metrics.parquet}, or null when there is none or it
     * cannot be read (logged, never fatal: the scrape is an extra).
     *
     * @param anchor wall-clock time of the run start (stage times are relative to it)
     */
    public static ServerMetricsSummary serverMetrics(Path dir, Instant anchor, List<StageWindow> stages) {
        if (!ServerMetricsFile.exists(dir)) {
            return null;
        }
        try {
            List<ScrapedValue> values = ServerMetricsFile.read(dir, anchor);
            return ServerMetricsSummary.of(ServerTimeline.of(values), stages);
        } catch (IOException e) {
            LOG.warn("server metrics left out of summary.json: {}", e.getMessage());
            return null;
        }
    }

    /** Wall-clock time of the run start (nano offset 0): window start minus its offset. */
    public static Instant anchor(RunSummary s) {
        return s.metrics().window().start().minusNanos(s.metrics().window().startNs());
    }

    /**
     * Writes the recorded data only: requests.csv, requests.parquet and itl_histograms.hlog.
     *
     * @throws HarnessException (execution) when a file cannot be written
     */
    public static void writeRequests(Path dir, RecordSnapshot snapshot) {
        Path current = dir;
        try {
            Files.createDirectories(dir);
            current = dir.resolve(REQUESTS_CSV);
            RequestCsv.write(snapshot, current);
            current = dir.resolve(REQUESTS_PARQUET);
            RequestParquet.fromCsv(dir.resolve(REQUESTS_CSV), current);
            current = dir.resolve(ITL_HISTOGRAMS);
            GapHistograms.of(snapshot).write(current);
        } catch (IOException | SQLException e) {
            throw HarnessException.execution(OutputSpace.cannotWrite(current, e), e);
        }
    }

    /**
     * Reads the recorded requests of a run directory: requests.parquet, or requests.csv when there is no Parquet
     * file, with the pooled histograms of itl_histograms.hlog (empty when that file is missing). Times are relative
     * to the run start (the snapshot's nano anchor is 0); the wall-clock anchor comes from the rows.
     *
     * @throws HarnessException (config) when the directory holds no readable request file
     */
    public static RecordSnapshot readRecords(Path dir) {
        return snapshot(dir, null);
    }

    /**
     * Recomputes the metrics of a run directory from its request file and histograms, keeping the other sections
     * of the existing summary.json (run, config, dataset, mlperf, client_health, endpoint counters, window and
     * SLOs), rewrites
     * summary.json and returns it. Regenerating an untouched directory reproduces the file byte for byte.
     *
     * @throws HarnessException (config) when summary.json or the request file is missing or malformed
     */
    public static RunSummary regenerateSummary(Path dir) {
        return regenerate(dir).summary();
    }

    /**
     * As {@link #regenerateSummary}, and returns the records read as well (for the report formats).
     *
     * @throws HarnessException (config) when summary.json or the request file is missing or malformed
     */
    public static Recorded regenerate(Path dir) {
        Path file = dir.resolve(SUMMARY_JSON);
        SummaryJsonReader.Previous p;
        try {
            p = SummaryJsonReader.read(file);
        } catch (IOException | RuntimeException e) {
            throw HarnessException.config("cannot read " + file + ": " + e.getMessage(), e);
        }
        RecordSnapshot snap = snapshot(dir, p);
        MetricSummary metrics = MetricSummary.compute(snap, p.options(), p.endpoints());
        RunSummary s = new RunSummary(
                p.run(), p.config(), p.dataset(), p.mlperf(), p.clientHealth(), metrics, p.stages(), null);
        s = s.withServerMetrics(serverMetrics(dir, s));
        SummaryJson.write(s, file);
        return new Recorded(s, snap);
    }

    private static RecordSnapshot snapshot(Path dir, SummaryJsonReader.Previous previous) {
        Path parquet = dir.resolve(REQUESTS_PARQUET);
        Path file = Files.isRegularFile(parquet) ? parquet : dir.resolve(REQUESTS_CSV);
        if (!Files.isRegularFile(file)) {
            throw HarnessException.config("no " + REQUESTS_PARQUET + " or " + REQUESTS_CSV + " in " + dir);
        }
        Path hlog = dir.resolve(ITL_HISTOGRAMS);
        try {
            RequestTableReader.Table t = RequestTableReader.read(file);
            GapHistograms gaps = Files.isRegularFile(hlog) ? GapHistograms.read(hlog) : GapHistograms.empty();
            return RequestTableReader.snapshot(t, previous == null ? Instant.EPOCH : previous.anchor(), gaps);
        } catch (IOException | SQLException | RuntimeException e) {
            throw HarnessException.config("cannot read the requests of " + dir + ": " + e.getMessage(), e);
        }
    }
}
