package io.llmharness.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Full statistics of one metric for workload reports: count, mean, standard deviation, min, max and any
 * percentiles. Values are in the metric's unit (nanoseconds for durations, tokens for lengths). Mean, standard
 * deviation (population), min and max are exact; percentiles come from an HdrHistogram with
 * {@value Distribution#SIGNIFICANT_DIGITS} significant digits (the highest value equivalent to the recorded one
 * at the rank {@code round(p/100 × count)}, so within 0.1 % above the exact nearest-rank percentile).
 *
 * @param count values
 * @param mean arithmetic mean, NaN when empty
 * @param stdDev population standard deviation, NaN when empty
 * @param min smallest value, 0 when empty
 * @param max largest value, 0 when empty
 * @param percentiles percentile (e.g. 99.9) → value, in the order asked for
 */
public record SummaryStats(long count, double mean, double stdDev, long min, long max, Map<Double, Long> percentiles) {

    public SummaryStats {
        percentiles = Collections.unmodifiableMap(new LinkedHashMap<>(percentiles));
    }

    /** No values. */
    public static SummaryStats empty(List<Double> percentiles) {
        Map<Double, Long> p = new LinkedHashMap<>();
        percentiles.forEach(q -> p.put(q, 0L));
        return new SummaryStats(0, Double.NaN, Double.NaN, 0, 0, p);
    }

    /** Whether no value was recorded. */
    public boolean isEmpty() {
        return count == 0;
    }

    /** The value at a percentile that was asked for. */
    public long percentile(double p) {
        Long v = percentiles.get(p);
        if (v == null) {
            throw new IllegalArgumentException("percentile " + p + " was not computed");
        }
        return v;
    }

    /** Collects values, then summarises them. Not thread-safe. */
    public static final class Builder {
        private final Histogram histogram = Distribution.newHistogram();
        private long count;
        private double sum;
        private double sumSquares;
        private long min = Long.MAX_VALUE;
        private long max = Long.MIN_VALUE;

        /** Adds one value (negative values count as 0). */
        public Builder add(long value) {
            return add(value, 1);
        }

        /** Adds a value {@code times} times. */
        public Builder add(long value, long times) {
            if (times <= 0) {
                return this;
            }
            long v = Math.max(0, value);
            histogram.recordValueWithCount(v, times);
            count += times;
            sum += (double) v * times;
            sumSquares += (double) v * v * times;
            min = Math.min(min, v);
            max = Math.max(max, v);
            return this;
        }

        /** The statistics, with the given percentiles. */
        public SummaryStats build(List<Double> percentiles) {
            if (count == 0) {
                return empty(percentiles);
            }
            double mean = sum / count;
            double var = Math.max(0, sumSquares / count - mean * mean);
            Map<Double, Long> p = new LinkedHashMap<>();
            for (double q : percentiles) {
                p.put(q, Math.min(max, histogram.getValueAtPercentile(q)));
            }
            return new SummaryStats(count, mean, Math.sqrt(var), min, max, p);
        }
    }
}
