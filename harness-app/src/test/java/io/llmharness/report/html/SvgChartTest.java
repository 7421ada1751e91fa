package io.llmharness.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.report.chart.ChartSpec;
import io.llmharness.report.chart.Marker;
import io.llmharness.report.chart.Series;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The SVG of one chart: points, gaps, marker labels kept inside the frame, escaping. */
class SvgChartTest {

    static final double NAN = Double.NaN;

    static ChartSpec chart(List<Series> series, List<Marker> markers) {
        return new ChartSpec("c1", "A <chart> & co", "", "s", "ms", series, markers, true, new double[] {0, 100});
    }

    @Test
    void gapsSplitALineAndALonePointIsADot() {
        Series s = Series.line("p50", new double[] {10, 20, 30, 40, 50, 60}, new double[] {1, 2, NAN, 3, NAN, 4}, 0);
        String svg = SvgChart.render(chart(List.of(s), List.of()));
        assertThat(svg).contains("data-points=\"4\"");
        assertThat(count(svg, "<polyline class=\"data\"")).isEqualTo(3);
        assertThat(count(svg, "<circle class=\"dot\"")).isEqualTo(2); // 3 at x=40 and 4 at x=60 stand alone
        assertThat(svg).contains("aria-label=\"A &lt;chart&gt; &amp; co\"").doesNotContain("<chart>");
    }

    @Test
    void markerLabelsNearTheRightEdgeGrowLeftward() {
        Series s = Series.line("rate", new double[] {0, 100}, new double[] {1, 2}, 0);
        List<Marker> m = List.of(
                new Marker(0, "stage 1", Marker.Kind.STAGE, 0),
                new Marker(50, "stage 2", Marker.Kind.STAGE, 0),
                new Marker(100, "end", Marker.Kind.STAGE, 0));
        String svg = SvgChart.render(chart(List.of(s), m));
        Matcher label = Pattern.compile(
                        "<text class=\"marker-label\" x=\"([0-9.]+)\" y=\"[0-9.]+\" text-anchor=\"(start|end)\">([^<]+)<")
                .matcher(svg);
        int found = 0;
        while (label.find()) {
            found++;
            double x = Double.parseDouble(label.group(1));
            boolean start = label.group(2).equals("start");
            double right = start ? x + SvgChart.labelWidth(label.group(3)) : x;
            assertThat(right).as(label.group(3)).isLessThanOrEqualTo(SvgChart.WIDTH);
            assertThat(start).as(label.group(3)).isEqualTo(!label.group(3).equals("end"));
        }
        assertThat(found).isEqualTo(3);
    }

    @Test
    void aHistogramIsOnePathWithItsBinCentersForThePointer() {
        Series h = new Series(
                "ttft", new double[] {0, 10, 20, 30}, new double[] {5, 0, 2}, Series.Style.HISTOGRAM, 0, false);
        String svg = SvgChart.render(chart(List.of(h), List.of(new Marker(15, "p50", Marker.Kind.PERCENTILE, 0))));
        assertThat(count(svg, "<path class=\"bars\"")).isEqualTo(1);
        Matcher centers =
                Pattern.compile("<polyline class=\"data\" points=\"([^\"]+)\"").matcher(svg);
        assertThat(centers.find()).isTrue();
        assertThat(centers.group(1).split(" ")).hasSize(3);
        assertThat(svg).contains("<title>p50 15</title>");
    }

    private static int count(String s, String what) {
        int n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
