package io.llmharness.loadgen.log;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * glibc-compatible number formatting: {@code %g} (what a C++ {@code ostream} prints for a double) and
 * {@code %.Nf}. Rounding works on the exact binary value with round-half-even, as glibc does; Java's own
 * {@code String.format} rounds the shortest decimal representation half-up and differs on values like 0.125.
 */
public final class CFormat {

    private CFormat() {}

    /** C {@code printf("%g", v)}: six significant digits. */
    public static String g(double v) {
        return g(v, 6);
    }

    /** C {@code printf("%.{precision}g", v)}. */
    public static String g(double v, int precision) {
        String special = special(v);
        if (special != null) {
            return special;
        }
        int p = precision == 0 ? 1 : precision;
        if (v == 0.0) {
            return isNegative(v) ? "-0" : "0";
        }
        BigDecimal rounded = new BigDecimal(v).round(new MathContext(p, RoundingMode.HALF_EVEN));
        int exponent = rounded.precision() - rounded.scale() - 1;
        String body;
        if (exponent < -4 || exponent >= p) {
            body = scientific(rounded.abs(), p, exponent);
        } else {
            body = stripZeros(rounded.abs()
                    .setScale(p - 1 - exponent, RoundingMode.UNNECESSARY)
                    .toPlainString());
        }
        return isNegative(v) ? "-" + body : body;
    }

    private static String scientific(BigDecimal abs, int p, int exponent) {
        String digits = abs.unscaledValue().toString();
        StringBuilder mantissa = new StringBuilder(digits.substring(0, 1));
        if (p > 1) {
            StringBuilder frac = new StringBuilder(digits.substring(1));
            while (frac.length() < p - 1) {
                frac.append('0');
            }
            mantissa.append('.').append(frac);
        }
        String m = stripZeros(mantissa.toString());
        int e = Math.abs(exponent);
        return m + (exponent < 0 ? "e-" : "e+") + (e < 10 ? "0" + e : Integer.toString(e));
    }

    private static String stripZeros(String s) {
        if (s.indexOf('.') < 0) {
            return s;
        }
        int end = s.length();
        while (s.charAt(end - 1) == '0') {
            end--;
        }
        if (s.charAt(end - 1) == '.') {
            end--;
        }
        return s.substring(0, end);
    }

    /** C {@code printf("%.{decimals}f", v)}. */
    public static String f(double v, int decimals) {
        String special = special(v);
        if (special != null) {
            return special;
        }
        String body = new BigDecimal(v)
                .abs()
                .setScale(decimals, RoundingMode.HALF_EVEN)
                .toPlainString();
        return isNegative(v) ? "-" + body : body;
    }

    /** The decimal text of a u64 held in a Java long. */
    public static String unsigned(long v) {
        return Long.toUnsignedString(v);
    }

    private static boolean isNegative(double v) {
        return (Double.doubleToRawLongBits(v) & Long.MIN_VALUE) != 0;
    }

    private static String special(double v) {
        if (Double.isNaN(v)) {
            return isNegative(v) ? "-nan" : "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return null;
    }
}
