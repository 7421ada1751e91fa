package io.llmharness.loadgen.results;

/**
 * Order statistics of one latency array, in ns.
 *
 * @param min smallest value
 * @param max largest value
 * @param mean truncating integer mean
 * @param target value at the run's target percentile
 * @param percentiles values at {@link Percentiles#REPORTED} (p50, p90, p95, p97, p99, p99.9)
 */
public record LatencyStats(long min, long max, long mean, long target, long[] percentiles) {

    /** Copies {@code percentiles}: the record stays immutable. */
    public LatencyStats {
        percentiles = percentiles.clone();
    }

    /** A copy of the values at {@link Percentiles#REPORTED}. */
    @Override
    public long[] percentiles() {
        return percentiles.clone();
    }

    /** The value at the {@code i}-th reported percentile (0 = p50 … 5 = p99.9). */
    public long percentile(int i) {
        return percentiles[i];
    }

    static final LatencyStats EMPTY = new LatencyStats(0, 0, 0, 0, new long[Percentiles.REPORTED.length]);

    /**
     * Sorts the first {@code n} values in place and computes the statistics; percentile indices and the mean
     * use {@code divisor} as N (the sample count, also for token arrays).
     */
    static LatencyStats of(long[] values, int n, long divisor, double targetPercentile) {
        if (n == 0) {
            return EMPTY;
        }
        long mean = Percentiles.mean(values, n, divisor);
        java.util.Arrays.sort(values, 0, n);
        long[] ps = new long[Percentiles.REPORTED.length];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = Percentiles.atWithCount(values, n, divisor, Percentiles.REPORTED[i]);
        }
        return new LatencyStats(
                values[0], values[n - 1], mean, Percentiles.atWithCount(values, n, divisor, targetPercentile), ps);
    }
}
