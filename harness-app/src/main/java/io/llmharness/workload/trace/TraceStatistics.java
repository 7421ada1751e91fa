package io.llmharness.workload.trace;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code harness trace analyze} reports about a trace. Arrival figures use the rows with a recorded offset (a
 * session's later turns that follow their previous turn after a delay have none: their time depends on the server).
 *
 * @param requests rows in the trace
 * @param skipped rows the reader left out (failed or filtered)
 * @param timedRequests rows with a recorded offset
 * @param durationS from the first to the last recorded offset, seconds
 * @param meanRatePerS timed requests over the duration (0 when the duration is 0)
 * @param peakRatePerS the most requests due in one 1-second window [k s, k+1 s)
 * @param rateBucketS width of the windows of {@code ratePerS}
 * @param ratePerS arrival rate (requests per second) in consecutive windows of {@code rateBucketS} from offset 0
 * @param interArrivalCv coefficient of variation of the gaps between consecutive timed requests (population standard
 *     deviation over mean; 1 for Poisson arrivals, above 1 bursty), NaN with fewer than 2 gaps or a zero mean
 * @param input prompt-length percentiles (rows with a known length)
 * @param output answer-length percentiles
 * @param sessions distinct session ids
 * @param sessionTurns rows that belong to a session
 * @param maxTurns turns of the longest session
 * @param blockSize tokens per hash-id block
 * @param blocks hash ids in the trace (prompt blocks)
 * @param cachedBlocks blocks whose hash id appeared earlier in the trace
 */
public record TraceStatistics(
        long requests,
        long skipped,
        long timedRequests,
        double durationS,
        double meanRatePerS,
        long peakRatePerS,
        double rateBucketS,
        double[] ratePerS,
        double interArrivalCv,
        Lengths input,
        Lengths output,
        long sessions,
        long sessionTurns,
        long maxTurns,
        int blockSize,
        long blocks,
        long cachedBlocks) {

    /** Most windows in {@link #ratePerS()}: the window widens (1, 2, 5, 10, … s) to stay within it. */
    public static final int MAX_RATE_BUCKETS = 60;

    /**
     * Nearest-rank percentiles of token lengths: the p-th percentile is the smallest value with at least p% of the
     * values at or below it. All 0 when there are no values.
     */
    public record Lengths(long count, double mean, long p50, long p90, long p99, long max) {

        static Lengths of(long[] values) {
            if (values.length == 0) {
                return new Lengths(0, 0, 0, 0, 0, 0);
            }
            long[] v = values.clone();
            Arrays.sort(v);
            double sum = 0;
            for (long x : v) {
                sum += x;
            }
            return new Lengths(v.length, sum / v.length, rank(v, 50), rank(v, 90), rank(v, 99), v[v.length - 1]);
        }

        /** Nearest rank: the value at position ceil(p/100 * n), 1-based. */
        static long rank(long[] sorted, int p) {
            int pos = (int) Math.ceil(p / 100.0 * sorted.length);
            return sorted[Math.max(0, pos - 1)];
        }
    }

    /** Share of prompt blocks an unbounded prefix cache could serve (hash id seen before), NaN without hash ids. */
    public double prefixCacheHitRate() {
        return blocks == 0 ? Double.NaN : cachedBlocks / (double) blocks;
    }

    /** Computes the statistics of {@code trace}. */
    public static TraceStatistics of(Trace trace) {
        List<TraceRequest> rows = trace.requests();
        long[] offsets = rows.stream()
                .mapToLong(TraceRequest::offsetNs)
                .filter(o -> o >= 0)
                .sorted()
                .toArray();
        double durationS = offsets.length == 0 ? 0 : (offsets[offsets.length - 1] - offsets[0]) / 1e9;
        long[] inputs = rows.stream()
                .mapToLong(TraceRequest::inputLength)
                .filter(x -> x >= 0)
                .toArray();
        long[] outputs = rows.stream().mapToLong(TraceRequest::outputLength).toArray();
        Map<String, Long> turns = new HashMap<>();
        Set<Integer> seen = new HashSet<>();
        long blocks = 0;
        long cached = 0;
        long sessionTurns = 0;
        for (TraceRequest r : rows) {
            if (r.sessionId() != null) {
                turns.merge(r.sessionId(), 1L, Long::sum);
                sessionTurns++;
            }
            for (int id : r.hashIds()) {
                blocks++;
                if (!seen.add(id)) {
                    cached++;
                }
            }
        }
        double bucket = bucketWidth(durationS);
        return new TraceStatistics(
                rows.size(),
                trace.skipped(),
                offsets.length,
                durationS,
                durationS > 0 ? offsets.length / durationS : 0,
                peakPerSecond(offsets),
                bucket,
                rates(offsets, bucket),
                cv(offsets),
                Lengths.of(inputs),
                Lengths.of(outputs),
                turns.size(),
                sessionTurns,
                turns.values().stream().mapToLong(Long::longValue).max().orElse(0),
                trace.blockSize(),
                blocks,
                cached);
    }

    static double bucketWidth(double durationS) {
        long[] steps = {1, 2, 5};
        for (long scale = 1; ; scale *= 10) {
            for (long s : steps) {
                if (Math.floor(durationS / (s * scale)) + 1 <= MAX_RATE_BUCKETS) {
                    return s * scale;
                }
            }
        }
    }

    private static long peakPerSecond(long[] offsets) {
        long peak = 0;
        int start = 0;
        while (start < offsets.length) {
            long second = offsets[start] / 1_000_000_000L;
            int end = start;
            while (end < offsets.length && offsets[end] / 1_000_000_000L == second) {
                end++;
            }
            peak = Math.max(peak, end - start);
            start = end;
        }
        return peak;
    }

    private static double[] rates(long[] offsets, double bucketS) {
        if (offsets.length == 0) {
            return new double[0];
        }
        long width = Math.round(bucketS * 1e9);
        int n = (int) (offsets[offsets.length - 1] / width) + 1;
        double[] out = new double[n];
        for (long o : offsets) {
            out[(int) (o / width)] += 1 / bucketS;
        }
        return out;
    }

    private static double cv(long[] offsets) {
        int n = offsets.length - 1;
        if (n < 2) {
            return Double.NaN;
        }
        double mean = (offsets[n] - offsets[0]) / 1e9 / n;
        if (mean == 0) {
            return Double.NaN;
        }
        double squares = 0;
        for (int i = 1; i <= n; i++) {
            double d = (offsets[i] - offsets[i - 1]) / 1e9 - mean;
            squares += d * d;
        }
        return Math.sqrt(squares / n) / mean;
    }
}
