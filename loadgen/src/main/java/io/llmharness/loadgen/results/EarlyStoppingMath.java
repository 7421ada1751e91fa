package io.llmharness.loadgen.results;

import java.util.Map;
import java.util.TreeMap;

/**
 * The statistics behind MLPerf early stopping: the binomial tail {@link #odds} and the memoised search for the
 * minimum number of passing queries {@link MinPassingFinder#minH}. Every operation is done in the same order
 * and with the same double arithmetic as the C++ LoadGen, so thresholds match exactly.
 */
public final class EarlyStoppingMath {

    /** Confidence used by every LoadGen early-stopping test. */
    public static final double CONFIDENCE = 0.99;

    private static final double TOLERANCE = 1.0 / (1L << 33);

    private EarlyStoppingMath() {}

    /**
     * Probability of at most {@code t} over-latency queries among {@code h + t} when each query is over latency
     * with probability {@code 1 - (p - d)}: the regularized incomplete beta {@code I_{p-d}(h, t + 1)}.
     */
    public static double odds(long h, long t, double p, double d) {
        double x = p - d;
        long a = h;
        long b = 1 + t;
        double lbeta = Lgamma.lgamma(a) + Lgamma.lgamma(b) - Lgamma.lgamma(a + b);
        return Math.exp(a * Math.log(x) + (b - 1) * Math.log(1 - x) - lbeta)
                / a
                * hypergeometric(1 - b, 1 + a, x / (x - 1));
    }

    /** Gauss' 2F1(1, b; c; x) by its series, stopping when a term drops to 2^-33 (or becomes 0). */
    private static double hypergeometric(long b, long c, double x) {
        double term = 1.0;
        double result = 1.0;
        for (long i = 0; Math.abs(term) > TOLERANCE; ++i) {
            term *= (b + i) * x / (c + i);
            result += term;
        }
        return result;
    }

    /**
     * Minimum passing h per t for one percentile, memoised like the C++ finder. Create one per early-stopping
     * evaluation: the memo influences the search bounds, so reusing it across evaluations could change results.
     */
    public static final class MinPassingFinder {
        private final double p;
        private final double d;
        private final double c;
        private final TreeMap<Long, Long> memo = new TreeMap<>();

        /** A finder for percentile {@code p} with tolerance 0 and confidence 0.99. */
        public MinPassingFinder(double p) {
            this(p, 0.0, CONFIDENCE);
        }

        MinPassingFinder(double p, double d, double c) {
            this.p = p;
            this.d = d;
            this.c = c;
        }

        /** The minimum h such that {@code odds(h, t, p, d) < 1 - c}. */
        public long minH(long t) {
            Long known = memo.get(t);
            if (known != null) {
                return known;
            }
            long x0 = -1;
            long y0 = 0;
            long x1 = 0;
            long y1 = (long) Math.ceil(Math.log(1 - c) / Math.log(p - d));
            Map.Entry<Long, Long> below = memo.lowerEntry(t);
            if (below != null) {
                x1 = below.getKey();
                y1 = below.getValue();
                Map.Entry<Long, Long> before = memo.lowerEntry(x1);
                if (before != null) {
                    x0 = before.getKey();
                    y0 = before.getValue();
                }
            }
            double minSlope = (p - d) / (1 - p + d);
            double maxSlope = (y1 - y0) * (x1 - x0);
            long lo = (long) ((t - x1) * minSlope + y1);
            long hi = (long) ((t - x1) * maxSlope + y1 + 1);
            long h = lowerBound(lo, hi, t);
            memo.put(t, h);
            return h;
        }

        private long lowerBound(long lo, long hi, long t) {
            long count = hi - lo;
            while (count > 0) {
                long step = count / 2;
                long h = lo + step;
                if (odds(h, t, p, d) < 1 - c) {
                    count = step;
                } else {
                    lo = h + 1;
                    count -= step + 1;
                }
            }
            return lo;
        }
    }
}
