package io.llmharness.run.bench;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.client.transport.EndpointStats;
import io.llmharness.error.HarnessException;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.metrics.SloSpec;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.StageSample;
import io.llmharness.metrics.StageTable;
import io.llmharness.metrics.StageWindow;
import io.llmharness.metrics.server.ServerMetricsSummary;
import io.llmharness.report.RunInfo;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.format.BenchReport;
import io.llmharness.report.format.ReportFormat;
import io.llmharness.report.format.RequestRow;
import io.llmharness.report.format.ServerResult;
import io.llmharness.report.format.StageResult;
import io.llmharness.tokenizer.ResolvedTokenizer;
import io.llmharness.workload.spec.ReportSpec;
import io.llmharness.workload.spec.Stage;
import io.llmharness.workload.spec.WorkloadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Turns the stages of a run into its report model and writes the run directory: requests.csv and
 * requests.parquet (the MLPerf-mode request tables; {@code sample_index} is the request's index in the run), then
 * every {@link ReportFormat}, summary.json last. Client token counts of prompts and outputs are taken here, after
 * the run, off the data plane.
 */
final class BenchOutputs {

    private BenchOutputs() {}

    /** What the report needs besides the stages. */
    record Context(
            RunInfo run,
            WorkloadSpec spec,
            String profileFile,
            String renderedProfile,
            String model,
            String baseUrl,
            ResolvedTokenizer tokenizer,
            String data,
            Instant wallAnchor,
            long nanoAnchor,
            String stopReason,
            List<String> warnings,
            ServerMetricsSummary serverMetrics,
            List<String> serverUrls,
            List<EndpointStats> endpointStats) {}

    /** Percentiles every format needs: the profile's, the Benchmark Report's, and the median. */
    static List<Double> percentiles(ReportSpec spec) {
        List<Double> out = new ArrayList<>(ReportSpec.DEFAULT_PERCENTILES);
        for (double p : spec.percentiles()) {
            if (!out.contains(p)) {
                out.add(p);
            }
        }
        return out;
    }

    /** The goodput objectives of a profile (and {@code --slo}). */
    static SloSpec slos(Map<String, Double> seconds) {
        SloSpec s = SloSpec.NONE;
        for (Map.Entry<String, Double> e : seconds.entrySet()) {
            s = s.with(LatencyMetric.byKey(e.getKey()), Math.round(e.getValue() * 1e9));
        }
        return s;
    }

    /** Builds the report model. */
    static BenchReport report(Context c, List<StageRun> stages) {
        List<RequestRow> rows = new ArrayList<>();
        List<StageSample> samples = new ArrayList<>();
        for (StageRun s : stages) {
            for (BenchRecord b : s.records()) {
                int in = b.request().promptTokens();
                int out = c.tokenizer() != null && b.output() != null
                        ? c.tokenizer().tokenizer().count(b.output())
                        : -1;
                rows.add(new RequestRow(b.stage(), b.request(), b.record(), b.output(), in, out));
            }
        }
        rows.sort(Comparator.comparingLong(r -> r.record().sampleIndex()));
        for (RequestRow r : rows) {
            samples.add(new StageSample(r.record(), r.clientInputTokens(), r.clientOutputTokens()));
        }
        List<Double> pct = percentiles(c.spec().report());
        SloSpec slos = slos(c.spec().report().goodputSeconds());
        List<StageResult> results = new ArrayList<>();
        for (StageRun s : stages) {
            double rate = s.stage() instanceof Stage.Rate r ? r.rate() : Double.NaN;
            int conc = s.stage() instanceof Stage.Concurrency cc ? cc.concurrency() : 0;
            StageMetrics m = StageTable.compute(samples, s.startNs(), s.endNs() + 1, rate, conc, slos, pct);
            long first =
                    s.records().stream().mapToLong(BenchRecord::runIndex).min().orElse(-1);
            long last =
                    s.records().stream().mapToLong(BenchRecord::runIndex).max().orElse(-1);
            results.add(new StageResult(
                    s.index(), s.stage(), s.planned(), s.interrupted(), s.startNs(), s.endNs(), m, first, last));
        }
        long start = stages.isEmpty() ? 0 : stages.get(0).startNs();
        long end = stages.isEmpty() ? 0 : stages.get(stages.size() - 1).endNs();
        StageMetrics total = StageTable.compute(samples, start, end + 1, Double.NaN, 0, slos, pct);
        List<ServerResult> servers = new ArrayList<>();
        if (c.serverUrls().size() > 1) {
            for (int i = 0; i < c.serverUrls().size(); i++) {
                int index = i;
                List<StageSample> mine = samples.stream()
                        .filter(x -> x.record().endpoint() == index)
                        .toList();
                double share = samples.isEmpty() ? Double.NaN : (double) mine.size() / samples.size();
                servers.add(new ServerResult(
                        i,
                        c.serverUrls().get(i),
                        share,
                        i < c.endpointStats().size() ? c.endpointStats().get(i) : null,
                        StageTable.compute(mine, start, end + 1, Double.NaN, 0, slos, pct, total.durationNs())));
            }
        }
        return new BenchReport(
                c.run(),
                c.spec(),
                c.profileFile(),
                c.renderedProfile(),
                c.model(),
                c.baseUrl(),
                c.tokenizer(),
                c.data(),
                c.wallAnchor(),
                c.nanoAnchor(),
                results,
                total,
                rows,
                c.stopReason(),
                c.warnings(),
                c.serverMetrics(),
                servers);
    }

    /**
     * The stages as windows relative to the run start ({@code nanoAnchor}): {@code stage <index>: <stage>}, from
     * its start to its last request's end.
     */
    static List<StageWindow> windows(List<StageRun> stages, long nanoAnchor) {
        List<StageWindow> out = new ArrayList<>();
        for (StageRun s : stages) {
            long start = s.startNs() - nanoAnchor;
            out.add(new StageWindow(
                    "stage " + s.index() + ": " + s.stage().describe(),
                    start,
                    Math.max(start, s.endNs() - nanoAnchor)));
        }
        return out;
    }

    /**
     * Writes every file.
     *
     * @return the files written, relative to {@code dir}
     * @throws HarnessException (execution) naming the file that could not be written
     */
    static List<String> write(BenchReport report, Path dir) {
        List<String> files = new ArrayList<>();
        RunOutputs.writeRequests(dir, snapshot(report));
        files.add(RunOutputs.REQUESTS_CSV);
        files.add(RunOutputs.REQUESTS_PARQUET);
        files.add(RunOutputs.ITL_HISTOGRAMS);
        try {
            BenchHistograms.write(report, dir);
        } catch (IOException e) {
            throw HarnessException.execution(
                    "cannot write " + dir.resolve(BenchHistograms.FILE) + ": " + e.getMessage(), e);
        }
        files.add(BenchHistograms.FILE);
        for (ReportFormat f : ReportFormat.all()) {
            try {
                files.addAll(f.write(report, dir));
            } catch (IOException e) {
                throw HarnessException.execution(
                        "cannot write the " + f.name() + " files in " + dir + ": " + e.getMessage(), e);
            }
        }
        return files;
    }

    /** The measured requests as the client's snapshot type, for the request tables. */
    static RecordSnapshot snapshot(BenchReport report) {
        Histogram chunk = new Histogram(3);
        Histogram token = new Histogram(3);
        List<RequestRecord> records = new ArrayList<>();
        for (RequestRow r : report.requests()) {
            records.add(r.record());
            long[] t = r.record().chunkTimesNs();
            if (t == null || t.length < 2) {
                continue;
            }
            long out = r.record().outputTokens();
            double per = out > t.length ? (out - 1.0) / (t.length - 1) : 1.0;
            for (int i = 1; i < t.length; i++) {
                long gap = Math.max(0, t[i] - t[i - 1]);
                chunk.recordValue(gap);
                token.recordValueWithCount(Math.round(gap / per), Math.max(1, Math.round(per)));
            }
        }
        return new RecordSnapshot(report.wallAnchor(), report.nanoAnchor(), records, chunk, token);
    }
}
