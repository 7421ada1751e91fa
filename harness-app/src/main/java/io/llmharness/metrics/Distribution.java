package io.llmharness.metrics;

import org.HdrHistogram.Histogram;

/**
 * Summary statistics of one metric, taken from an HdrHistogram with 3 significant digits. Values are in the
 * metric's unit (nanoseconds for latencies, tokens for lengths); each percentile and the maximum is HdrHistogram's
 * highest value equivalent to the recorded one (so at most 0.1% above it), and the mean is the histogram's mean.
 *
 * @param count values recorded
 * @param mean arithmetic mean, NaN when {@code count} is 0
 * @param p50 50th percentile
 * @param p90 90th percentile
 * @param p95 95th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param max largest value
 */
public record Distribution(long count, double mean, long p50, long p90, long p95, long p99, long p999, long max) {

    /** Significant decimal digits of every histogram behind a distribution. */
    public static final int SIGNIFICANT_DIGITS = 3;

    /** No values. */
    public static final Distribution EMPTY = new Distribution(0, Double.NaN, 0, 0, 0, 0, 0, 0);

    /** Whether no value was recorded (then only {@code count} is meaningful). */
    public boolean isEmpty() {
        return count == 0;
    }

    /** Statistics of a histogram's values. */
    public static Distribution of(Histogram h) {
        if (h.getTotalCount() == 0) {
            return EMPTY;
        }
        return new Distribution(
                h.getTotalCount(),
                h.getMean(),
                h.getValueAtPercentile(50),
                h.getValueAtPercentile(90),
                h.getValueAtPercentile(95),
                h.getValueAtPercentile(99),
                h.getValueAtPercentile(99.9),
                h.getMaxValue());
    }

    /** A fresh auto-resizing histogram with {@link #SIGNIFICANT_DIGITS}. */
    static Histogram newHistogram() {
        return new Histogram(SIGNIFICANT_DIGITS);
    }
}
