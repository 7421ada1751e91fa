package io.llmharness.metrics;

import io.llmharness.client.record.RequestRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The mergeable form of a window's latencies: one HdrHistogram per latency metric (nanoseconds,
 * {@link Distribution#SIGNIFICANT_DIGITS} significant digits), over the same requests and values as
 * {@link StageTable}: successful requests for the request metrics, every request for the harness's own delays, and
 * the chunk gaps of successful streamed requests for {@code itl_chunk} / {@code itl_token}. Histograms of shards of
 * one run add ({@link Histogram#add}) into the histograms of the whole run. Pure, no I/O.
 */
public final class LatencyHistograms {

    private LatencyHistograms() {}

    /**
     * The histograms of the requests scheduled in {@code [windowStartNs, windowEndNs)}, by metric key in
     * {@link LatencyMetric} order (every metric present, empty when nothing was measured).
     */
    public static Map<String, Histogram> of(List<StageSample> samples, long windowStartNs, long windowEndNs) {
        Map<String, Histogram> out = new LinkedHashMap<>();
        for (LatencyMetric m : LatencyMetric.values()) {
            out.put(m.key(), Distribution.newHistogram());
        }
        for (StageSample s : samples) {
            RequestRecord r = s.record();
            if (r.scheduledNs() < windowStartNs || r.scheduledNs() >= windowEndNs) {
                continue;
            }
            for (LatencyMetric m : LatencyMetric.values()) {
                boolean counts = m.population() == LatencyMetric.Population.ISSUED
                        || (m.population() == LatencyMetric.Population.SUCCESSFUL && r.ok());
                if (counts) {
                    long v = m.valueNs(r);
                    if (v != RequestRecord.ABSENT && v >= 0) {
                        out.get(m.key()).recordValue(v);
                    }
                }
            }
            if (r.ok()) {
                gaps(r, out.get(LatencyMetric.ITL_CHUNK.key()), false);
                gaps(r, out.get(LatencyMetric.ITL_TOKEN.key()), true);
            }
        }
        return out;
    }

    private static void gaps(RequestRecord r, Histogram into, boolean perToken) {
        long[] t = r.chunkTimesNs();
        if (!r.stream() || t == null || t.length < 2) {
            return;
        }
        double tokensPerGap = perToken && r.outputTokens() > t.length ? (r.outputTokens() - 1.0) / (t.length - 1) : 1.0;
        long times = Math.max(1, Math.round(tokensPerGap));
        for (int i = 1; i < t.length; i++) {
            into.recordValueWithCount(Math.max(0, Math.round((t[i] - t[i - 1]) / tokensPerGap)), times);
        }
    }
}
