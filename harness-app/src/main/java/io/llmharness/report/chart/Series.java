package io.llmharness.report.chart;

import java.util.Objects;

/**
 * One data series of a chart. Points with a NaN {@code y} are gaps (no data in that bucket).
 *
 * @param name legend text
 * @param x x values, ascending; for {@link Style#HISTOGRAM} the bin edges (one more than {@code y})
 * @param y y values
 * @param style how it is drawn
 * @param color palette index ({@link Palette})
 * @param dashed drawn with a dashed line
 */
public record Series(String name, double[] x, double[] y, Style style, int color, boolean dashed) {

    /** How a series is drawn. */
    public enum Style {
        /** Straight segments between points. */
        LINE,
        /** Horizontal then vertical segments (a CDF). */
        STEP,
        /** Filled bins: {@code y[i]} over {@code [x[i], x[i+1])}. */
        HISTOGRAM
    }

    public Series {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(style, "style");
        int expected = style == Style.HISTOGRAM ? y.length + 1 : y.length;
        if (x.length != expected) {
            throw new IllegalArgumentException(
                    "series '" + name + "': " + x.length + " x values for " + y.length + " y values");
        }
    }

    /** A solid line. */
    public static Series line(String name, double[] x, double[] y, int color) {
        return new Series(name, x, y, Style.LINE, color, false);
    }

    /** Points with data (y not NaN). */
    public int points() {
        int n = 0;
        for (double v : y) {
            if (!Double.isNaN(v)) {
                n++;
            }
        }
        return n;
    }

    /** Largest finite y, or NaN. */
    public double maxY() {
        double m = Double.NaN;
        for (double v : y) {
            if (Double.isFinite(v) && (Double.isNaN(m) || v > m)) {
                m = v;
            }
        }
        return m;
    }
}
