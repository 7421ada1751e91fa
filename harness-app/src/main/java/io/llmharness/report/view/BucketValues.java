package io.llmharness.report.view;

import java.util.Arrays;

/**
 * Values (nanoseconds) collected per time bucket, for percentiles per bucket: appended into flat arrays, then
 * grouped by bucket with a counting sort and sorted within each bucket. Percentiles are nearest-rank (the value
 * at index ceil(p·n) − 1), in milliseconds; NaN for an empty bucket.
 */
final class BucketValues {

    private final int buckets;
    private int[] bucket;
    private long[] value;
    private int size;

    BucketValues(int buckets, int expected) {
        this.buckets = buckets;
        this.bucket = new int[Math.max(16, expected)];
        this.value = new long[bucket.length];
    }

    void add(int b, long v) {
        if (size == bucket.length) {
            bucket = Arrays.copyOf(bucket, size * 2);
            value = Arrays.copyOf(value, size * 2);
        }
        bucket[size] = b;
        value[size++] = v;
    }

    /** For each requested percentile (0..100), one value per bucket in ms. */
    double[][] percentilesMs(double... ps) {
        int[] start = new int[buckets + 1];
        for (int i = 0; i < size; i++) {
            start[bucket[i] + 1]++;
        }
        for (int b = 0; b < buckets; b++) {
            start[b + 1] += start[b];
        }
        long[] sorted = new long[size];
        int[] fill = Arrays.copyOf(start, buckets);
        for (int i = 0; i < size; i++) {
            sorted[fill[bucket[i]]++] = value[i];
        }
        double[][] out = new double[ps.length][buckets];
        for (int b = 0; b < buckets; b++) {
            int from = start[b];
            int n = start[b + 1] - from;
            Arrays.sort(sorted, from, from + n);
            for (int k = 0; k < ps.length; k++) {
                out[k][b] = n == 0 ? Double.NaN : sorted[from + rank(ps[k], n)] / 1e6;
            }
        }
        return out;
    }

    private static int rank(double p, int n) {
        int idx = (int) Math.ceil(p / 100.0 * n) - 1;
        return Math.max(0, Math.min(n - 1, idx));
    }
}
