package io.llmharness.run.bench;

import io.llmharness.metrics.LatencyHistograms;
import io.llmharness.metrics.StageSample;
import io.llmharness.report.format.BenchReport;
import io.llmharness.report.format.RequestRow;
import io.llmharness.report.format.StageResult;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes {@value #FILE}: an HdrHistogram log (format 1.3) with one interval histogram per stage and latency metric,
 * tagged {@code stage<K>.<metric>} (e.g. {@code stage0.ttft}), and the run's totals tagged {@code total.<metric>}.
 * Values are nanoseconds at three significant digits; each interval's start and end are the stage's wall-clock
 * span. Histograms of the same tag from the shards of one run add up to the histogram of the whole run, which is
 * what {@code harness merge} takes its percentiles from.
 */
final class BenchHistograms {

    /** The file name in the run directory. */
    static final String FILE = "latency_histograms.hlog";

    /** Tag prefix of the whole run's histograms. */
    static final String TOTAL = "total";

    private BenchHistograms() {}

    /** The tag of a stage's histogram of {@code metric}. */
    static String tag(String scope, String metric) {
        return scope + "." + metric;
    }

    /** The scope of stage {@code index} in a tag. */
    static String stageScope(int index) {
        return "stage" + index;
    }

    /** Writes the file into {@code dir}. */
    static void write(BenchReport report, Path dir) throws IOException {
        List<StageSample> samples = new ArrayList<>();
        for (RequestRow r : report.requests()) {
            samples.add(new StageSample(r.record(), r.clientInputTokens(), r.clientOutputTokens()));
        }
        try (OutputStream out = Files.newOutputStream(dir.resolve(FILE))) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputComment("llm-harness bench latency histograms in nanoseconds, tagged stage<K>.<metric> and"
                    + " total.<metric>");
            w.outputLogFormatVersion();
            w.outputBaseTime(report.wallAnchor().toEpochMilli());
            w.setBaseTime(report.wallAnchor().toEpochMilli());
            w.outputLegend();
            long firstStart = Long.MAX_VALUE;
            long lastEnd = Long.MIN_VALUE;
            for (StageResult s : report.stages()) {
                firstStart = Math.min(firstStart, s.startNs());
                lastEnd = Math.max(lastEnd, s.endNs());
                emit(
                        w,
                        report,
                        stageScope(s.index()),
                        LatencyHistograms.of(samples, s.startNs(), s.endNs() + 1),
                        s.startNs(),
                        s.endNs());
            }
            if (firstStart != Long.MAX_VALUE) {
                emit(w, report, TOTAL, LatencyHistograms.of(samples, firstStart, lastEnd + 1), firstStart, lastEnd);
            }
            w.close();
        }
    }

    private static void emit(
            HistogramLogWriter w, BenchReport report, String scope, Map<String, Histogram> hs, long start, long end) {
        for (Map.Entry<String, Histogram> e : hs.entrySet()) {
            Histogram h = e.getValue();
            h.setTag(tag(scope, e.getKey()));
            h.setStartTimeStamp(wallMs(report, start));
            h.setEndTimeStamp(wallMs(report, end));
            w.outputIntervalHistogram(h);
        }
    }

    private static long wallMs(BenchReport report, long nanos) {
        return report.wallAnchor().toEpochMilli() + Math.floorDiv(nanos - report.nanoAnchor(), 1_000_000L);
    }
}
