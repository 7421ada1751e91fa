package io.llmharness.report.view;

import java.util.Locale;

/** Number formatting for people: milliseconds with 3 significant digits, rates, counts with separators. */
public final class Format {

    private Format() {}

    /** Nanoseconds as milliseconds, 3 significant digits ({@code 0.0123}, {@code 4.56}, {@code 789}, {@code 12345}). */
    public static String ms(double ns) {
        return Double.isFinite(ns) ? sig(ns / 1e6) : "–";
    }

    /** A value with 3 significant digits, thousands as plain digits; {@code –} when not finite. */
    public static String sig(double v) {
        if (!Double.isFinite(v)) {
            return "–";
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (a == 0) {
            return "0";
        }
        int decimals = (int) Math.max(0, 2 - Math.floor(Math.log10(a)));
        return String.format(Locale.ROOT, "%." + Math.min(decimals, 6) + "f", v);
    }

    /** A count with thousands separators. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A ratio as a percentage with one decimal, e.g. {@code 0.5 %}; {@code –} when not finite. */
    public static String percent(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.1f %%", ratio * 100) : "–";
    }

    /** Seconds with one decimal, e.g. {@code 18.2 s}. */
    public static String seconds(double s) {
        return Double.isFinite(s) ? String.format(Locale.ROOT, "%.1f s", s) : "–";
    }
}
