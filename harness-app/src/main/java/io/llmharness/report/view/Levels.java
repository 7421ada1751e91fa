package io.llmharness.report.view;

import java.util.Arrays;

/**
 * How many intervals are open over time (requests in flight, requests queued), per bucket: the time-weighted mean
 * level and the highest level, from the interval starts and ends swept in time order (an end before a start at the
 * same instant).
 */
final class Levels {

    private long[] starts;
    private long[] ends;
    private int size;

    Levels(int expected) {
        starts = new long[Math.max(16, expected)];
        ends = new long[starts.length];
    }

    /** One interval [start, end), times relative to the run start. */
    void add(long start, long end) {
        if (end < start) {
            return;
        }
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
        }
        starts[size] = start;
        ends[size++] = end;
    }

    /** {mean per bucket, max per bucket}. */
    double[][] perBucket(TimeAxis axis) {
        long[] s = Arrays.copyOf(starts, size);
        long[] e = Arrays.copyOf(ends, size);
        Arrays.sort(s);
        Arrays.sort(e);
        int i = 0;
        int j = 0;
        long level = 0;
        long t = axis.originNs();
        while (i < size && s[i] < t) { // intervals begun before the axis (not expected: the axis starts first)
            level++;
            i++;
        }
        while (j < size && e[j] < t) {
            level--;
            j++;
        }
        double[] mean = new double[axis.buckets()];
        double[] max = new double[axis.buckets()];
        for (int b = 0; b < axis.buckets(); b++) {
            long bucketEnd = axis.start(b + 1);
            double integral = 0;
            long peak = level;
            while (true) {
                boolean hasStart = i < size && s[i] < bucketEnd;
                boolean hasEnd = j < size && e[j] < bucketEnd;
                if (!hasStart && !hasEnd) {
                    break;
                }
                boolean end = hasEnd && (!hasStart || e[j] <= s[i]);
                long next = end ? e[j] : s[i];
                integral += (double) level * (next - t);
                t = next;
                if (end) {
                    level--;
                    j++;
                } else {
                    level++;
                    i++;
                    peak = Math.max(peak, level);
                }
            }
            integral += (double) level * (bucketEnd - t);
            t = bucketEnd;
            mean[b] = integral / axis.widthNs();
            max[b] = peak;
        }
        return new double[][] {mean, max};
    }
}
