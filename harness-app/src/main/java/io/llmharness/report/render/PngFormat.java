package io.llmharness.report.render;

import io.llmharness.report.OutputSpace;
import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Marker;
import io.llmharness.report.chart.Palette;
import io.llmharness.report.chart.Series;
import io.llmharness.report.chart.Ticks;
import io.llmharness.report.view.RunView;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code charts/<id>.png}: every chart of the report as a 1000×500 PNG for slides and issues, drawn headless by
 * XChart from the same {@link ChartSpec}s as the page. Stale PNGs of an earlier report are removed first.
 */
public final class PngFormat implements ViewFormat {

    /** The folder inside a run directory. */
    public static final String DIR = "charts";

    static final int WIDTH = 1000;
    static final int HEIGHT = 500;

    @Override
    public String name() {
        return "png";
    }

    @Override
    public List<Path> write(RunView view, Path runDir) throws IOException {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        // ImageIO writing to a stream caches in a temporary file whose cleanup registers a shutdown hook: during
        // Ctrl-C (the run writes its files while the JVM shuts down) that throws; charts are small, cache in memory
        ImageIO.setUseCache(false);
        Path dir = runDir.resolve(DIR);
        Files.createDirectories(dir);
        try (var old = Files.list(dir)) {
            for (Path p :
                    old.filter(p -> p.getFileName().toString().endsWith(".png")).toList()) {
                Files.delete(p);
            }
        }
        List<Path> out = new ArrayList<>();
        for (ChartSpec c : view.charts()) {
            Path file = dir.resolve(c.id() + ".png");
            XYChart chart = chart(c);
            // a chart is whole or absent
            OutputSpace.writeWhole(file, o -> BitmapEncoder.saveBitmap(chart, o, BitmapEncoder.BitmapFormat.PNG));
            out.add(file);
        }
        return out;
    }

    /** The XChart chart of a spec. */
    static XYChart chart(ChartSpec c) {
        XYChart chart = new XYChartBuilder()
                .width(WIDTH)
                .height(HEIGHT)
                .title(c.subtitle().isEmpty() ? c.title() : c.title() + " — " + c.subtitle())
                .xAxisTitle(c.xLabel())
                .yAxisTitle(c.yLabel())
                .build();
        style(chart, c);
        for (Series s : c.series()) {
            add(chart, s);
        }
        for (Marker m : c.markers()) {
            chart.addAnnotation(new AnnotationLine(m.x(), true, false));
        }
        return chart;
    }

    private static void style(XYChart chart, ChartSpec c) {
        var st = chart.getStyler();
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBorderVisible(false);
        st.setPlotGridLinesColor(new Color(0xe6e9ec));
        st.setLegendPosition(Styler.LegendPosition.OutsideE);
        st.setLegendBorderColor(Color.WHITE);
        st.setLegendVisible(c.series().size() > 1);
        st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        st.setMarkerSize(5);
        st.setAnnotationLineColor(new Color(0x8c8c8c));
        st.setAnnotationLineStroke(
                new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {4f, 4f}, 0f));
        st.setXAxisTickLabelsFormattingFunction(Ticks::label);
        st.setYAxisTickLabelsFormattingFunction(Ticks::label);
        double[] x = c.xRange();
        if (Double.isFinite(x[0]) && x[1] > x[0]) {
            st.setXAxisMin(x[0]);
            st.setXAxisMax(x[1]);
        }
        if (c.yFromZero()) {
            st.setYAxisMin(0.0);
        }
    }

    /** Adds a series, split at gaps (NaN) into pieces that share its color and legend entry. */
    private static void add(XYChart chart, Series s) {
        double[] x = s.x();
        double[] y = s.y();
        XYSeries.XYSeriesRenderStyle style = switch (s.style()) {
            case LINE -> XYSeries.XYSeriesRenderStyle.Line;
            case STEP -> XYSeries.XYSeriesRenderStyle.Step;
            case HISTOGRAM -> XYSeries.XYSeriesRenderStyle.StepArea;
        };
        if (s.style() == Series.Style.HISTOGRAM) {
            y = Arrays.copyOf(y, x.length);
            y[x.length - 1] = y[x.length - 2];
        }
        int piece = 0;
        int from = 0;
        for (int i = 0; i <= y.length; i++) {
            if (i == y.length || !Double.isFinite(y[i])) {
                if (i > from) {
                    String name = piece == 0 ? unique(chart, s.name()) : unique(chart, s.name() + " (" + piece + ")");
                    XYSeries xs = chart.addSeries(name, Arrays.copyOfRange(x, from, i), Arrays.copyOfRange(y, from, i));
                    xs.setXYSeriesRenderStyle(style);
                    Color color = new Color(Palette.rgb(s.color()));
                    xs.setLineColor(color);
                    xs.setFillColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), 90));
                    xs.setMarker(i - from == 1 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
                    xs.setMarkerColor(color);
                    xs.setLineStyle(
                            s.dashed()
                                    ? new BasicStroke(
                                            1.6f,
                                            BasicStroke.CAP_BUTT,
                                            BasicStroke.JOIN_ROUND,
                                            10f,
                                            new float[] {6f, 4f},
                                            0f)
                                    : new BasicStroke(1.8f));
                    xs.setShowInLegend(piece == 0);
                    piece++;
                }
                from = i + 1;
            }
        }
    }

    private static String unique(XYChart chart, String name) {
        String n = name;
        for (int i = 2; chart.getSeries(n) != null; i++) {
            n = name + " #" + i;
        }
        return n;
    }
}
