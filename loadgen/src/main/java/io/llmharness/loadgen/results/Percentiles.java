package io.llmharness.loadgen.results;

/**
 * LoadGen's statistics on sorted latency arrays: nearest-rank percentiles at index {@code (long)(N * p)}
 * (double product, truncated, no interpolation) and truncating integer means.
 */
public final class Percentiles {

    /** The six percentiles every report lists. */
    public static final double[] REPORTED = {.50, .90, .95, .97, .99, .999};

    private Percentiles() {}

    /** {@code sorted[(long)(n * p)]}, or 0 for an empty array; the index is clamped to the last element. */
    public static long at(long[] sorted, int n, double p) {
        if (n == 0) {
            return 0;
        }
        long i = (long) (n * p);
        return sorted[(int) Math.min(i, n - 1)];
    }

    /** {@code sorted[(long)(divisor * p)]} for token arrays, whose index uses the sample count. */
    public static long atWithCount(long[] sorted, int n, long count, double p) {
        if (n == 0) {
            return 0;
        }
        long i = (long) (count * p);
        return sorted[(int) Math.min(i, n - 1)];
    }

    /** Integer sum divided by {@code divisor}, truncating; 0 when the divisor is 0. */
    public static long mean(long[] values, int n, long divisor) {
        if (divisor == 0) {
            return 0;
        }
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += values[i];
        }
        return sum / divisor;
    }

    /** Number of the first {@code n} sorted values that are strictly greater than {@code limit}. */
    public static long countAbove(long[] sorted, int n, long limit) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= limit) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return n - lo;
    }

    /** Number of the first {@code n} sorted values that are greater than or equal to {@code bound}. */
    public static long countAtLeast(long[] sorted, int n, long bound) {
        return bound == Long.MIN_VALUE ? n : countAbove(sorted, n, bound - 1);
    }
}
