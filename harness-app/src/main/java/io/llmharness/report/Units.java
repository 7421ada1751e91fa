package io.llmharness.report;

import java.math.BigDecimal;

/**
 * Unit conversions of the report formats. The model holds nanoseconds; files show milliseconds and seconds as
 * exact decimals (no binary rounding), with trailing zeros stripped.
 */
final class Units {

    private Units() {}

    /** Nanoseconds as exact milliseconds. */
    static BigDecimal ms(long ns) {
        return BigDecimal.valueOf(ns, 6).stripTrailingZeros();
    }

    /** A mean in nanoseconds, rounded to the nanosecond, as milliseconds; null for NaN. */
    static BigDecimal ms(double ns) {
        return Double.isFinite(ns) ? ms(Math.round(ns)) : null;
    }

    /** Nanoseconds as exact seconds. */
    static BigDecimal seconds(long ns) {
        return BigDecimal.valueOf(ns, 9).stripTrailingZeros();
    }

    /** Milliseconds back to nanoseconds (exact for values written by {@link #ms(long)}). */
    static long nsFromMs(BigDecimal ms) {
        return ms.movePointRight(6).longValueExact();
    }

    /**
     * Nanoseconds as milliseconds in plain text, e.g. {@code 1000447 → "1.000447"}, {@code 2000000 → "2"}: the
     * same digits as {@link #ms(long)}, without allocating a BigDecimal per value.
     */
    static String msText(long ns) {
        long a = Math.abs(ns);
        long whole = a / 1_000_000;
        long frac = a % 1_000_000;
        StringBuilder sb = new StringBuilder(24);
        if (ns < 0) {
            sb.append('-');
        }
        sb.append(whole);
        if (frac != 0) {
            String digits = Long.toString(frac + 1_000_000); // "1" + six digits with leading zeros
            int end = digits.length();
            while (digits.charAt(end - 1) == '0') {
                end--;
            }
            sb.append('.').append(digits, 1, end);
        }
        return sb.toString();
    }
}
