package io.llmharness.loadgen.results;

/**
 * {@code lgamma} for positive integer arguments, following the fdlibm algorithm that glibc uses for
 * {@code double} (so early-stopping thresholds match the C++ LoadGen): exact zero at 1 and 2, the product
 * form on {@code [2, 8)}, Stirling's series with fdlibm's minimax correction on {@code [8, 2^58)}, and
 * {@code x (ln x - 1)} beyond.
 *
 * <p>Only integer arguments are supported because early stopping only ever passes query counts. {@link Math#log}
 * (close to correctly rounded, like glibc's) is used rather than {@link StrictMath#log}: over 300,000 test points the
 * results differ from glibc by at most one ulp, and only in a handful of cases.
 */
public final class Lgamma {

    private static final double W0 = 4.18938533204672725052e-01;
    private static final double W1 = 8.33333333333329678849e-02;
    private static final double W2 = -2.77777777728775536470e-03;
    private static final double W3 = 7.93650558643019558500e-04;
    private static final double W4 = -5.95187557450339963135e-04;
    private static final double W5 = 8.36339918996282139126e-04;
    private static final double W6 = -1.63092934096575273989e-03;
    private static final double TWO_POW_58 = 0x1p58;

    private Lgamma() {}

    /** {@code ln |Gamma(n)|}; {@code +Infinity} for {@code n <= 0} (the poles). */
    public static double lgamma(long n) {
        if (n <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        if (n <= 2) {
            return 0.0;
        }
        double x = n;
        if (n < 8) {
            double z = 1.0;
            for (long k = n - 1; k >= 2; k--) {
                z *= k;
            }
            return Math.log(z);
        }
        if (x < TWO_POW_58) {
            double t = Math.log(x);
            double z = 1.0 / x;
            double y = z * z;
            double w = W0 + z * (W1 + y * (W2 + y * (W3 + y * (W4 + y * (W5 + y * W6)))));
            return (x - 0.5) * (t - 1.0) + w;
        }
        return x * (Math.log(x) - 1.0);
    }
}
