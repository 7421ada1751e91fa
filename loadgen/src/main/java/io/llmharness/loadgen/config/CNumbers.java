package io.llmharness.loadgen.config;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The C library number parsing that LoadGen's config reader relies on: {@code strtoul}/{@code strtoull} with
 * base auto-detection ({@code 0x} hex, leading {@code 0} octal) and {@code strtod} (decimal, hex floats,
 * {@code inf}, {@code nan}). Each parser reports how many characters it consumed, because a config value is
 * accepted only when one of them consumes the whole token.
 */
public final class CNumbers {

    private static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private CNumbers() {}

    /** True when {@code strtoul(s, &end, 0)} consumes all of {@code s}. */
    public static boolean isWholeUnsigned(String s) {
        return !s.isEmpty() && unsignedEnd(s) == s.length();
    }

    /** True when {@code strtod(s, &end)} consumes all of {@code s}. */
    public static boolean isWholeDouble(String s) {
        return !s.isEmpty() && doubleEnd(s) == s.length();
    }

    /**
     * {@code strtoull(s, nullptr, 0)}: parses the longest valid prefix; 0 when there is none; negative values
     * wrap modulo 2^64; overflow saturates at 2^64 - 1. The result is a u64 held in a long.
     */
    public static long strtoull(String s) {
        int i = skipSpace(s, 0);
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        int[] baseAndStart = detectBase(s, i);
        int base = baseAndStart[0];
        int start = baseAndStart[1];
        int end = digitsEnd(s, start, base);
        if (end == start) {
            return 0;
        }
        BigInteger value = new BigInteger(s.substring(start, end), base);
        if (value.compareTo(U64_MAX) > 0) {
            return -1L;
        }
        long v = value.longValue();
        return negative ? -v : v;
    }

    /** Index just past what {@code strtoul(s, &end, 0)} consumes (0 when nothing is converted). */
    static int unsignedEnd(String s) {
        int i = skipSpace(s, 0);
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int[] baseAndStart = detectBase(s, i);
        int end = digitsEnd(s, baseAndStart[1], baseAndStart[0]);
        return end == baseAndStart[1] ? 0 : end;
    }

    private static int[] detectBase(String s, int i) {
        if (i < s.length() && s.charAt(i) == '0') {
            if (i + 2 < s.length()
                    && (s.charAt(i + 1) == 'x' || s.charAt(i + 1) == 'X')
                    && isDigit(s.charAt(i + 2), 16)) {
                return new int[] {16, i + 2};
            }
            return new int[] {8, i};
        }
        return new int[] {10, i};
    }

    private static int digitsEnd(String s, int i, int base) {
        while (i < s.length() && isDigit(s.charAt(i), base)) {
            i++;
        }
        return i;
    }

    private static boolean isDigit(char c, int base) {
        return c < 128 && Character.digit(c, base) >= 0;
    }

    private static int skipSpace(String s, int i) {
        while (i < s.length() && isCSpace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    static boolean isCSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
    }

    /** {@code strtod(s, nullptr)}: the longest valid prefix as a double; 0.0 when there is none. */
    public static double strtod(String s) {
        int end = doubleEnd(s);
        if (end == 0) {
            return 0.0;
        }
        String t = s.substring(skipSpace(s, 0), end);
        boolean negative = t.startsWith("-");
        String body = t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t;
        String lower = body.toLowerCase(java.util.Locale.ROOT);
        double v;
        if (lower.startsWith("inf")) {
            v = Double.POSITIVE_INFINITY;
        } else if (lower.startsWith("nan")) {
            v = Double.NaN;
        } else if (lower.startsWith("0x")) {
            v = hexFloat(body.substring(2));
        } else {
            v = Double.parseDouble(body);
        }
        return negative ? -v : v;
    }

    private static double hexFloat(String s) {
        int p = s.toLowerCase(java.util.Locale.ROOT).indexOf('p');
        String mantissa = p < 0 ? s : s.substring(0, p);
        int exponent = p < 0 ? 0 : Integer.parseInt(s.substring(p + 1).replace("+", ""));
        int dot = mantissa.indexOf('.');
        String digits = dot < 0 ? mantissa : mantissa.substring(0, dot) + mantissa.substring(dot + 1);
        int fractionDigits = dot < 0 ? 0 : mantissa.length() - dot - 1;
        BigDecimal value = new BigDecimal(new BigInteger(digits.isEmpty() ? "0" : digits, 16));
        int binaryExponent = exponent - 4 * fractionDigits;
        BigDecimal scale = new BigDecimal(BigInteger.TWO.pow(Math.abs(binaryExponent)));
        value = binaryExponent >= 0 ? value.multiply(scale) : value.divide(scale);
        return value.doubleValue();
    }

    /** Index just past what {@code strtod} consumes (0 when nothing is converted). */
    static int doubleEnd(String s) {
        int i = skipSpace(s, 0);
        if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        String rest = s.substring(i).toLowerCase(java.util.Locale.ROOT);
        if (rest.startsWith("infinity")) {
            return i + 8;
        }
        if (rest.startsWith("inf")) {
            return i + 3;
        }
        if (rest.startsWith("nan")) {
            int j = i + 3;
            if (j < s.length() && s.charAt(j) == '(') {
                int k = j + 1;
                while (k < s.length()
                        && (Character.isLetterOrDigit(s.charAt(k)) || s.charAt(k) == '_')
                        && s.charAt(k) < 128) {
                    k++;
                }
                if (k < s.length() && s.charAt(k) == ')') {
                    return k + 1;
                }
            }
            return j;
        }
        if (rest.startsWith("0x")) {
            int end = mantissaEnd(s, i + 2, 16);
            if (end > 0) {
                return exponentEnd(s, end, 'p');
            }
            return i + 1; // just the "0"
        }
        int end = mantissaEnd(s, i, 10);
        return end > 0 ? exponentEnd(s, end, 'e') : 0;
    }

    /** End of "digits[.digits]" with at least one digit, or -1. */
    private static int mantissaEnd(String s, int i, int base) {
        int j = digitsEnd(s, i, base);
        int digits = j - i;
        if (j < s.length() && s.charAt(j) == '.') {
            int k = digitsEnd(s, j + 1, base);
            digits += k - j - 1;
            j = k;
        }
        return digits > 0 ? j : -1;
    }

    private static int exponentEnd(String s, int i, char marker) {
        if (i < s.length() && Character.toLowerCase(s.charAt(i)) == marker) {
            int j = i + 1;
            if (j < s.length() && (s.charAt(j) == '+' || s.charAt(j) == '-')) {
                j++;
            }
            int k = digitsEnd(s, j, 10);
            if (k > j) {
                return k;
            }
        }
        return i;
    }
}
