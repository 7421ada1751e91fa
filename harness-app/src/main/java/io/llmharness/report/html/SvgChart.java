package io.llmharness.report.html;

import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Marker;
import io.llmharness.report.chart.Palette;
import io.llmharness.report.chart.Series;
import io.llmharness.report.chart.Ticks;
import java.util.List;
import java.util.Locale;

/**
 * Draws a {@link ChartSpec} as an inline SVG element: axes with round ticks, grid, series, markers and a legend.
 * The element carries its axis ranges and plot box ({@code data-x0}, {@code data-x1}, {@code data-y0},
 * {@code data-y1}, {@code data-plot}) and its number of data points ({@code data-points}), so the page's script can
 * show values under the pointer and a test can check that something was drawn.
 */
public final class SvgChart {

    static final int WIDTH = 640;
    static final int HEIGHT = 300;
    private static final int LEFT = 58;
    private static final int RIGHT = 14;
    private static final int TOP_BASE = 20;
    private static final int LEGEND_ROW = 14;
    private static final int BOTTOM = 42;

    private final ChartSpec spec;
    private final StringBuilder out = new StringBuilder(8192);
    private final List<double[]> legendSlots;
    private final int top;
    private double x0;
    private double x1;
    private double y0;
    private double y1;

    private SvgChart(ChartSpec spec) {
        this.spec = spec;
        this.legendSlots = legendLayout(spec);
        int rows = legendSlots.isEmpty() ? 1 : (int) legendSlots.get(legendSlots.size() - 1)[1] + 1;
        this.top = TOP_BASE + LEGEND_ROW * rows;
    }

    /** Where each legend entry goes: {x, row}; entries wrap onto new rows, at most 3. */
    private static List<double[]> legendLayout(ChartSpec spec) {
        List<double[]> slots = new java.util.ArrayList<>();
        if (spec.series().size() < 2) {
            return slots;
        }
        double x = LEFT;
        int row = 0;
        for (Series s : spec.series()) {
            double w = 22 + legendName(s).length() * 6.2;
            if (x + w > WIDTH - RIGHT && x > LEFT) {
                row++;
                x = LEFT;
            }
            if (row > 2) {
                break;
            }
            slots.add(new double[] {x, row});
            x += w;
        }
        return slots;
    }

    private static String legendName(Series s) {
        return s.name().length() > 40 ? s.name().substring(0, 39) + "…" : s.name();
    }

    /** The chart as an {@code <svg>} element. */
    public static String render(ChartSpec spec) {
        return new SvgChart(spec).draw();
    }

    private String draw() {
        ranges();
        List<Double> yt = Ticks.ticks(y0, y1, 5);
        y0 = Math.min(y0, yt.get(0));
        y1 = Math.max(y1, yt.get(yt.size() - 1));
        List<Double> xt = Ticks.ticks(x0, x1, 6);
        int pw = WIDTH - LEFT - RIGHT;
        int ph = HEIGHT - top - BOTTOM;
        out.append("<svg class=\"chart\" id=\"chart-")
                .append(Html.esc(spec.id()))
                .append("\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(HEIGHT)
                .append("\" role=\"img\" aria-label=\"")
                .append(Html.esc(spec.title()))
                .append("\" data-points=\"")
                .append(spec.points())
                .append("\" data-x0=\"")
                .append(precise(x0))
                .append("\" data-x1=\"")
                .append(precise(x1))
                .append("\" data-y0=\"")
                .append(precise(y0))
                .append("\" data-y1=\"")
                .append(precise(y1))
                .append("\" data-plot=\"")
                .append(LEFT + " " + top + " " + pw + " " + ph)
                .append("\">");
        grid(yt, xt);
        for (Series s : spec.series()) {
            series(s);
        }
        markers();
        axes();
        legend();
        out.append("<line class=\"cursor\" x1=\"0\" x2=\"0\" y1=\"")
                .append(top)
                .append("\" y2=\"")
                .append(top + ph)
                .append("\" visibility=\"hidden\"/>");
        out.append("</svg>");
        return out.toString();
    }

    private void ranges() {
        double[] xr = spec.xRange();
        double[] yr = spec.yRange();
        x0 = Double.isFinite(xr[0]) ? xr[0] : 0;
        x1 = Double.isFinite(xr[1]) ? xr[1] : 1;
        if (!(x1 > x0)) {
            x1 = x0 + (x0 == 0 ? 1 : Math.abs(x0) * 0.1);
        }
        y0 = Double.isFinite(yr[0]) ? yr[0] : 0;
        y1 = Double.isFinite(yr[1]) ? yr[1] : 1;
        if (!(y1 > y0)) {
            y1 = y0 + 1;
        }
    }

    private double sx(double x) {
        return LEFT + (x - x0) / (x1 - x0) * (WIDTH - LEFT - RIGHT);
    }

    private double sy(double y) {
        return top + (1 - (y - y0) / (y1 - y0)) * (HEIGHT - top - BOTTOM);
    }

    private void grid(List<Double> yt, List<Double> xt) {
        out.append("<g class=\"grid\">");
        for (double t : yt) {
            if (t >= y0 && t <= y1) {
                double y = sy(t);
                out.append("<line x1=\"").append(LEFT).append("\" x2=\"").append(WIDTH - RIGHT);
                out.append("\" y1=\"")
                        .append(num(y))
                        .append("\" y2=\"")
                        .append(num(y))
                        .append("\"/>");
                text(LEFT - 6, y + 4, "end", "tick", Ticks.label(t));
            }
        }
        for (double t : xt) {
            if (t >= x0 - 1e-12 && t <= x1 + 1e-12) {
                double x = sx(t);
                out.append("<line class=\"xtick\" x1=\"")
                        .append(num(x))
                        .append("\" x2=\"")
                        .append(num(x));
                out.append("\" y1=\"")
                        .append(HEIGHT - BOTTOM)
                        .append("\" y2=\"")
                        .append(HEIGHT - BOTTOM + 4);
                out.append("\"/>");
                text(x, HEIGHT - BOTTOM + 16, "middle", "tick", Ticks.label(t));
            }
        }
        out.append("</g>");
    }

    private void series(Series s) {
        String color = Palette.hex(s.color());
        out.append("<g class=\"series\" data-name=\"")
                .append(Html.esc(s.name()))
                .append("\" data-color=\"")
                .append(color)
                .append("\">");
        switch (s.style()) {
            case HISTOGRAM -> histogram(s, color);
            case LINE, STEP -> lines(s, color);
        }
        out.append("</g>");
    }

    private void histogram(Series s, String color) {
        StringBuilder d = new StringBuilder();
        double base = sy(Math.max(y0, 0));
        d.append('M').append(num(sx(s.x()[0]))).append(',').append(num(base));
        for (int i = 0; i < s.y().length; i++) {
            double y = sy(Double.isFinite(s.y()[i]) ? s.y()[i] : 0);
            d.append('V').append(num(y)).append('H').append(num(sx(s.x()[i + 1])));
        }
        d.append('V').append(num(base)).append('Z');
        out.append("<path class=\"bars\" d=\"")
                .append(d)
                .append("\" fill=\"")
                .append(color)
                .append("\" fill-opacity=\"0.35\" stroke=\"")
                .append(color)
                .append("\" stroke-width=\"1\"/>");
        // the bin centers, for the pointer read-out
        StringBuilder pts = new StringBuilder();
        for (int i = 0; i < s.y().length; i++) {
            if (Double.isFinite(s.y()[i])) {
                pts.append(num(sx((s.x()[i] + s.x()[i + 1]) / 2)))
                        .append(',')
                        .append(num(sy(s.y()[i])))
                        .append(' ');
            }
        }
        out.append("<polyline class=\"data\" points=\"")
                .append(pts.toString().strip())
                .append("\" fill=\"none\"");
        out.append(" stroke=\"none\"/>");
    }

    private void lines(Series s, String color) {
        StringBuilder pts = new StringBuilder();
        double prevY = Double.NaN;
        int run = 0;
        for (int i = 0; i <= s.y().length; i++) {
            boolean gap = i == s.y().length || !Double.isFinite(s.y()[i]) || !Double.isFinite(s.x()[i]);
            if (gap) {
                if (run == 1) { // a point between two gaps: a dot, or nothing would show
                    String[] xy = pts.toString().strip().split(",");
                    out.append("<circle class=\"dot\" cx=\"")
                            .append(xy[0])
                            .append("\" cy=\"")
                            .append(xy[1]);
                    out.append("\" r=\"2.2\" fill=\"").append(color).append("\"/>");
                }
                run = 0;
                if (!pts.isEmpty()) {
                    out.append("<polyline class=\"data\" points=\"")
                            .append(pts.toString().strip())
                            .append("\" fill=\"none\" stroke=\"")
                            .append(color)
                            .append("\" stroke-width=\"1.8\"")
                            .append(s.dashed() ? " stroke-dasharray=\"5 3\"" : "")
                            .append("/>");
                    pts.setLength(0);
                }
                prevY = Double.NaN;
                continue;
            }
            double x = sx(s.x()[i]);
            double y = sy(s.y()[i]);
            if (s.style() == Series.Style.STEP && Double.isFinite(prevY)) {
                pts.append(num(x)).append(',').append(num(prevY)).append(' ');
            }
            pts.append(num(x)).append(',').append(num(y)).append(' ');
            prevY = y;
            run++;
        }
    }

    private void markers() {
        int ph = HEIGHT - top - BOTTOM;
        int row = 0;
        for (Marker m : spec.markers()) {
            if (m.x() < x0 || m.x() > x1) {
                continue;
            }
            double x = sx(m.x());
            boolean stage = m.kind() == Marker.Kind.STAGE;
            String color = stage ? Palette.GREY : Palette.hex(m.color());
            out.append("<line class=\"marker\" x1=\"")
                    .append(num(x))
                    .append("\" x2=\"")
                    .append(num(x));
            out.append("\" y1=\"").append(top).append("\" y2=\"").append(top + ph);
            out.append("\" stroke=\"")
                    .append(color)
                    .append("\" stroke-dasharray=\"")
                    .append(stage ? "2 3" : "4 3");
            out.append("\"><title>")
                    .append(Html.esc(m.label() + " " + Ticks.label(m.x())))
                    .append("</title></line>");
            if (!m.label().isEmpty()) {
                double ty = top + 10 + (row++ % 3) * 10;
                boolean fits = x + 3 + labelWidth(m.label()) <= WIDTH - RIGHT;
                text(fits ? x + 3 : x - 3, ty, fits ? "start" : "end", "marker-label", m.label());
            }
        }
    }

    /** About how wide a marker label is drawn (10 px text: under 6 px a character). */
    static double labelWidth(String label) {
        return label.length() * 5.8;
    }

    private void axes() {
        int pw = WIDTH - LEFT - RIGHT;
        int ph = HEIGHT - top - BOTTOM;
        out.append("<rect class=\"frame\" x=\"").append(LEFT).append("\" y=\"").append(top);
        out.append("\" width=\"").append(pw).append("\" height=\"").append(ph).append("\" fill=\"none\"/>");
        text(LEFT + pw / 2.0, HEIGHT - 8, "middle", "axis-label", spec.xLabel());
        out.append("<text class=\"axis-label\" text-anchor=\"middle\" transform=\"translate(14 ")
                .append(num(top + ph / 2.0))
                .append(") rotate(-90)\">")
                .append(Html.esc(spec.yLabel()))
                .append("</text>");
    }

    private void legend() {
        for (int i = 0; i < legendSlots.size(); i++) {
            Series s = spec.series().get(i);
            double x = legendSlots.get(i)[0];
            double y = 10 + legendSlots.get(i)[1] * LEGEND_ROW;
            out.append("<rect x=\"").append(num(x)).append("\" y=\"").append(num(y));
            out.append("\" width=\"12\" height=\"8\" fill=\"")
                    .append(Palette.hex(s.color()))
                    .append("\"/>");
            text(x + 16, y + 8, "start", "legend", legendName(s));
        }
    }

    private void text(double x, double y, String anchor, String cls, String text) {
        out.append("<text class=\"")
                .append(cls)
                .append("\" x=\"")
                .append(num(x))
                .append("\" y=\"")
                .append(num(y))
                .append("\" text-anchor=\"")
                .append(anchor)
                .append("\">")
                .append(Html.esc(text))
                .append("</text>");
    }

    /** A coordinate: one decimal, no trailing ".0". */
    static String num(double v) {
        long tenths = Math.round(v * 10);
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : String.format(Locale.ROOT, "%.1f", tenths / 10.0);
    }

    /** An axis range value with 8 significant digits, for the pointer read-out. */
    static String precise(double v) {
        return String.format(Locale.ROOT, "%.8g", v);
    }
}
