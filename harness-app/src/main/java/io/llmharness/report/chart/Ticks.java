package io.llmharness.report.chart;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Round numbers for axes and bucket widths: steps of 1, 2 or 5 times a power of ten. */
public final class Ticks {

    private Ticks() {}

    /** The smallest 1-2-5 step that is at least {@code raw} (raw > 0). */
    public static double niceStep(double raw) {
        if (!(raw > 0) || !Double.isFinite(raw)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw * (1 - 1e-9)) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /**
     * About {@code count} tick values covering [lo, hi], multiples of a 1-2-5 step.
     *
     * @return the ticks, ascending; the first is at or below lo and the last at or above hi
     */
    public static List<Double> ticks(double lo, double hi, int count) {
        if (!(hi > lo)) {
            hi = lo + (lo == 0 ? 1 : Math.abs(lo) * 0.1);
        }
        double step = niceStep((hi - lo) / Math.max(1, count));
        double first = Math.floor(lo / step + 1e-9) * step;
        List<Double> out = new ArrayList<>();
        for (double t = first; t <= hi + step * 1e-6 || out.size() < 2; t += step) {
            out.add(Math.abs(t) < step * 1e-9 ? 0 : t);
            if (out.size() > 50) {
                break;
            }
        }
        if (out.get(out.size() - 1) < hi - step * 1e-6) {
            out.add(out.get(out.size() - 1) + step);
        }
        return out;
    }

    /** A short label: up to 3 significant digits with k/M suffixes, e.g. 0.25, 12.5, 1.2k, 3M. */
    public static String label(double v) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return trim(String.format(Locale.ROOT, "%.3g", v / 1e6)) + "M";
        }
        if (a >= 1e4) {
            return trim(String.format(Locale.ROOT, "%.3g", v / 1e3)) + "k";
        }
        if (a == 0) {
            return "0";
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        return trim(String.format(Locale.ROOT, "%.3g", v));
    }

    private static String trim(String s) {
        if (s.contains("e") || s.contains("E")) {
            return s;
        }
        if (s.contains(".")) {
            s = s.replaceAll("0+$", "");
            if (s.endsWith(".")) {
                s = s.substring(0, s.length() - 1);
            }
        }
        return s;
    }
}
