package io.llmharness.accuracy.text;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Number semantics of the reference evaluators: Python's float {@code repr}, Python's and numpy's two different
 * {@code round()}, and numpy's pairwise summation behind {@code np.mean}. The checker reads these numbers with
 * regular expressions, so they are always printed as plain decimals.
 */
public final class PyNumbers {

    private PyNumbers() {}

    /**
     * Python {@code repr(float)}: the shortest digits that read back as the same double, in fixed notation for
     * decimal exponents -4 to 15 (with at least one digit after the point, e.g. {@code 100.0}) and in Python's
     * scientific notation otherwise ({@code 1e-05}, {@code 1.5e+16}).
     */
    public static String repr(double x) {
        if (Double.isNaN(x)) {
            return "nan";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        if (x == 0) {
            return (1 / x) < 0 ? "-0.0" : "0.0";
        }
        String sign = x < 0 ? "-" : "";
        // Double.toString gives the shortest round-trip digits (JDK 19 and later)
        BigDecimal bd = new BigDecimal(Double.toString(Math.abs(x))).stripTrailingZeros();
        String digits = bd.unscaledValue().toString();
        int exp = digits.length() - 1 - bd.scale();
        if (exp >= -4 && exp < 16) {
            String plain = bd.toPlainString();
            return sign + (plain.indexOf('.') < 0 ? plain + ".0" : plain);
        }
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        int e = Math.abs(exp);
        return sign + mantissa + "e" + (exp < 0 ? "-" : "+") + (e < 10 ? "0" + e : String.valueOf(e));
    }

    /**
     * A plain decimal for the checker: like {@link #repr} but never in scientific notation (the checker's
     * {@code [\d.]+} cannot read an exponent).
     */
    public static String plain(double x) {
        String r = repr(x);
        if (r.indexOf('e') < 0) {
            return r;
        }
        String p = new BigDecimal(Double.toString(x)).stripTrailingZeros().toPlainString();
        return p.indexOf('.') < 0 ? p + ".0" : p;
    }

    /** numpy's {@code round(np.float64, d)}: {@code rint(x·10^d) / 10^d} in binary floating point, ties to even. */
    public static double numpyRound(double x, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.rint(x * scale) / scale;
    }

    /** Python's {@code round(float, d)}: correctly rounded from the exact binary value, ties to even. */
    public static double pythonRound(double x, int decimals) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return x;
        }
        return new BigDecimal(x).setScale(decimals, RoundingMode.HALF_EVEN).doubleValue();
    }

    /** Python's {@code f"{x:.Nf}"}: correctly rounded from the exact binary value, ties to even. */
    public static String fixed(double x, int decimals) {
        return new BigDecimal(x).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    }

    /** {@code np.mean} of a float64 array: numpy's pairwise sum divided by the count; NaN for no values. */
    public static double numpyMean(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        return pairwiseSum(values, 0, values.length) / values.length;
    }

    /** numpy's {@code np.sum} of a float64 array (pairwise summation). */
    public static double pairwiseSumOf(double[] values) {
        return pairwiseSum(values, 0, values.length);
    }

    /**
     * numpy's pairwise summation: a plain loop below 8 values, eight running sums up to 128 values, halves (cut at
     * a multiple of 8) above.
     */
    static double pairwiseSum(double[] a, int from, int n) {
        if (n < 8) {
            double res = 0.0;
            for (int i = 0; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        if (n <= 128) {
            double[] r = new double[8];
            System.arraycopy(a, from, r, 0, 8);
            int i = 8;
            for (; i < n - (n % 8); i += 8) {
                for (int j = 0; j < 8; j++) {
                    r[j] += a[from + i + j];
                }
            }
            double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
            for (; i < n; i++) {
                res += a[from + i];
            }
            return res;
        }
        int n2 = n / 2;
        n2 -= n2 % 8;
        return pairwiseSum(a, from, n2) + pairwiseSum(a, from + n2, n - n2);
    }
}
