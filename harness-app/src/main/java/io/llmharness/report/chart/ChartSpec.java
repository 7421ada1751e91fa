package io.llmharness.report.chart;

import java.util.List;
import java.util.Objects;

/**
 * A chart to draw: what the series are, where the markers go, what the axes say. Immutable.
 *
 * @param id file-safe name, e.g. {@code ttft_distribution} (the PNG is {@code charts/<id>.png})
 * @param title heading
 * @param subtitle one line under the heading (population, bucket width), or empty
 * @param xLabel x-axis label with its unit
 * @param yLabel y-axis label with its unit
 * @param series what is drawn, in legend order; at least one
 * @param markers vertical lines
 * @param yFromZero whether the y axis starts at 0 (else it fits the data)
 * @param xDomain the x range to show, {min, max}, or null to fit series and markers (time charts of one report
 *     share one domain so they line up)
 */
public record ChartSpec(
        String id,
        String title,
        String subtitle,
        String xLabel,
        String yLabel,
        List<Series> series,
        List<Marker> markers,
        boolean yFromZero,
        double[] xDomain) {

    public ChartSpec {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        subtitle = subtitle == null ? "" : subtitle;
        series = List.copyOf(series);
        markers = List.copyOf(markers);
        if (xDomain != null && (xDomain.length != 2 || !(xDomain[1] > xDomain[0]))) {
            throw new IllegalArgumentException("chart '" + id + "': x domain must be {min, max} with max > min");
        }
        if (series.isEmpty()) {
            throw new IllegalArgumentException("chart '" + id + "' has no series");
        }
    }

    /** Data points over all series. */
    public int points() {
        return series.stream().mapToInt(Series::points).sum();
    }

    /** The x range: {@link #xDomain} when given, else over series and markers: {min, max}. */
    public double[] xRange() {
        if (xDomain != null) {
            return xDomain.clone();
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                boolean hasY = s.style() == Series.Style.HISTOGRAM || !Double.isNaN(s.y()[i]);
                if (hasY && Double.isFinite(s.x()[i])) {
                    lo = Math.min(lo, s.x()[i]);
                    hi = Math.max(hi, s.x()[i]);
                }
            }
        }
        for (Marker m : markers) {
            lo = Math.min(lo, m.x());
            hi = Math.max(hi, m.x());
        }
        return new double[] {lo, hi};
    }

    /** The y range over series: {min, max}; starts at 0 when {@link #yFromZero}. */
    public double[] yRange() {
        double lo = yFromZero ? 0 : Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (double v : s.y()) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        return new double[] {lo, hi};
    }
}
