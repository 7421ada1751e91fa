package io.llmharness.run.bench;

import io.llmharness.error.HarnessException;
import io.llmharness.metrics.StageMetrics;
import io.llmharness.metrics.SummaryStats;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The shards' {@value BenchHistograms#FILE} summed tag by tag ({@link Histogram#add}: counts per bucket add, so the
 * sum is the histogram of every shard's values, exactly as one run would have recorded them), the merged report's
 * source of latency percentiles, and written back as the merged run's own log with each interval spanning the
 * earliest start to the latest end of the shards' intervals.
 */
final class MergeHistograms {

    private final Map<String, Histogram> byTag = new LinkedHashMap<>();

    /** Reads and sums the shards' logs. */
    static MergeHistograms read(List<MergeShard> shards) {
        MergeHistograms m = new MergeHistograms();
        for (MergeShard s : shards) {
            Path file = s.dir().resolve(BenchHistograms.FILE);
            try (InputStream in = Files.newInputStream(file);
                    HistogramLogReader r = new HistogramLogReader(in)) {
                EncodableHistogram e;
                while ((e = r.nextIntervalHistogram()) != null) {
                    m.add((Histogram) e);
                }
            } catch (IOException | RuntimeException e) {
                throw HarnessException.config("harness merge: cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return m;
    }

    private void add(Histogram h) {
        Histogram sum = byTag.get(h.getTag());
        if (sum == null) {
            sum = new Histogram(h.getNumberOfSignificantValueDigits());
            sum.setAutoResize(true);
            sum.setTag(h.getTag());
            sum.setStartTimeStamp(h.getStartTimeStamp());
            sum.setEndTimeStamp(h.getEndTimeStamp());
            byTag.put(h.getTag(), sum);
        }
        sum.add(h);
        sum.setStartTimeStamp(Math.min(sum.getStartTimeStamp(), h.getStartTimeStamp()));
        sum.setEndTimeStamp(Math.max(sum.getEndTimeStamp(), h.getEndTimeStamp()));
    }

    /** The summed histogram of a tag, or null. */
    Histogram get(String tag) {
        return byTag.get(tag);
    }

    /**
     * {@code m} with the percentiles of every latency metric taken from the summed histograms of {@code scope}
     * (count, mean, standard deviation, min and max stay the exact values of the requests). A metric whose
     * histogram holds another number of values than the requests gave keeps the requests' percentiles, and says so.
     */
    StageMetrics percentiles(String scope, StageMetrics m, List<Double> pct, List<String> warnings) {
        Map<String, SummaryStats> latency = new LinkedHashMap<>();
        for (Map.Entry<String, SummaryStats> e : m.latency().entrySet()) {
            SummaryStats s = e.getValue();
            Histogram h = byTag.get(BenchHistograms.tag(scope, e.getKey()));
            long have = h == null ? 0 : h.getTotalCount();
            if (s.isEmpty() || have != s.count()) {
                if (have != s.count()) {
                    warnings.add(scope + "." + e.getKey() + ": the shards' histograms hold " + have
                            + " values, their request tables " + s.count() + "; percentiles from the request tables");
                }
                latency.put(e.getKey(), s);
                continue;
            }
            Map<Double, Long> p = new LinkedHashMap<>();
            for (double q : pct) {
                p.put(q, Math.min(s.max(), h.getValueAtPercentile(q)));
            }
            latency.put(e.getKey(), new SummaryStats(s.count(), s.mean(), s.stdDev(), s.min(), s.max(), p));
        }
        return new StageMetrics(
                m.requests(),
                m.succeeded(),
                m.durationNs(),
                m.load(),
                latency,
                m.inputTokens(),
                m.outputTokens(),
                m.inputTotal(),
                m.outputTotal(),
                m.throughput(),
                m.tokenCounts(),
                m.goodput(),
                m.failures());
    }

    /** Writes the sums as {@value BenchHistograms#FILE} into {@code dir}, based at {@code base}. */
    void write(Path dir, Instant base) {
        Path file = dir.resolve(BenchHistograms.FILE);
        try (OutputStream out = Files.newOutputStream(file)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputComment("llm-harness merged latency histograms in nanoseconds (the sum of the shards'), tagged"
                    + " stage<K>.<metric> and total.<metric>");
            w.outputLogFormatVersion();
            w.outputBaseTime(base.toEpochMilli());
            w.setBaseTime(base.toEpochMilli());
            w.outputLegend();
            for (Histogram h : byTag.values()) {
                w.outputIntervalHistogram(h);
            }
            w.close();
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
