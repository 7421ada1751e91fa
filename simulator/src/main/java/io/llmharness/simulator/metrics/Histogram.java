package io.llmharness.simulator.metrics;

import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * A Prometheus histogram with fixed upper bounds. {@link #observe} is thread-safe and lock-free (adders), so the
 * engine and the HTTP event loops can record concurrently while {@code /metrics} renders a snapshot.
 */
public final class Histogram {
    private final double[] bounds;
    private final LongAdder[] counts;
    private final DoubleAdder sum = new DoubleAdder();
    private final LongAdder count = new LongAdder();

    /** @param bounds ascending upper bounds, without +Inf */
    public Histogram(double[] bounds) {
        this.bounds = bounds.clone();
        this.counts = new LongAdder[bounds.length];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    public void observe(double value) {
        observe(value, 1);
    }

    /** Records {@code times} observations of the same value at once. */
    public void observe(double value, long times) {
        if (times <= 0) {
            return;
        }
        for (int i = 0; i < bounds.length; i++) {
            if (value <= bounds[i]) {
                counts[i].add(times);
                break;
            }
        }
        if (value != 0) {
            sum.add(value * times);
        }
        count.add(times);
    }

    public double[] bounds() {
        return bounds.clone();
    }

    /** Cumulative counts per bound (same length as bounds), followed by +Inf as the last element. */
    public long[] cumulative() {
        long[] out = new long[bounds.length + 1];
        long total = 0;
        for (int i = 0; i < bounds.length; i++) {
            total += counts[i].sum();
            out[i] = total;
        }
        out[bounds.length] = Math.max(total, count.sum());
        return out;
    }

    public double sum() {
        return sum.sum();
    }

    public long count() {
        return count.sum();
    }

    /** 1, 2, 5, 10, 20, 50, … up to and including {@code max} (vLLM's token-count buckets). */
    public static double[] oneTwoFive(long max) {
        java.util.List<Double> out = new java.util.ArrayList<>();
        for (long decade = 1; decade <= max; decade *= 10) {
            for (int m : new int[] {1, 2, 5}) {
                if (m * decade <= max) {
                    out.add((double) (m * decade));
                }
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
