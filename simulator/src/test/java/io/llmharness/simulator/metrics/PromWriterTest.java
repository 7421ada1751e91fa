package io.llmharness.simulator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PromWriterTest {
    @Test
    void numbersLookLikePythonFloats() {
        assertThat(PromWriter.number(0)).isEqualTo("0.0");
        assertThat(PromWriter.number(27453)).isEqualTo("27453.0");
        assertThat(PromWriter.number(0.25)).isEqualTo("0.25");
        assertThat(PromWriter.number(1767225600.123)).isEqualTo("1.767225600123e+09");
        assertThat(PromWriter.number(Double.POSITIVE_INFINITY)).isEqualTo("+Inf");
    }

    @Test
    void labelValuesAreEscapedAndLeIsSortedIn() {
        PromWriter w = new PromWriter(false);
        w.histogram("x", new long[] {1, 2}, new double[] {0.5}, 0.7, 0, "engine", "0", "model_name", "a\"b\\c");
        String text = w.toString();
        assertThat(text).contains("x_bucket{engine=\"0\",le=\"0.5\",model_name=\"a\\\"b\\\\c\"} 1.0");
        assertThat(text).contains("x_bucket{engine=\"0\",le=\"+Inf\",model_name=\"a\\\"b\\\\c\"} 2.0");
        assertThat(text).contains("x_count{engine=\"0\",model_name=\"a\\\"b\\\\c\"} 2.0");
    }

    @Test
    void createdSamplesFollowTheirFamilyAsAGaugeFamilyOrNotAtAllInMultiprocessMode() {
        PromWriter w = new PromWriter(false);
        w.family("c_total", "counter", "Things.", "c");
        w.sample("c_total", 3, "engine", "0");
        w.created(1.5, "engine", "0");
        w.sample("c_total", 4, "engine", "1");
        w.created(2.5, "engine", "1");
        w.family("g", "gauge", "A gauge.");
        w.sample("g", 1);
        assertThat(w.toString())
                .isEqualTo("# HELP c_total Things.\n# TYPE c_total counter\n"
                        + "c_total{engine=\"0\"} 3.0\nc_total{engine=\"1\"} 4.0\n"
                        + "# HELP c_created Things.\n# TYPE c_created gauge\n"
                        + "c_created{engine=\"0\"} 1.5\nc_created{engine=\"1\"} 2.5\n"
                        + "# HELP g A gauge.\n# TYPE g gauge\ng 1.0\n");
        PromWriter mp = new PromWriter(true);
        mp.family("c_total", "counter", "Things.", "c");
        mp.sample("c_total", 3);
        mp.created(1.5);
        assertThat(mp.toString())
                .isEqualTo("# HELP c_total Multiprocess metric\n# TYPE c_total counter\nc_total 3.0\n");
    }

    @Test
    void oneTwoFiveBucketsStopAtTheContextLength() {
        assertThat(Histogram.oneTwoFive(1000)).containsExactly(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000);
        Histogram h = new Histogram(new double[] {1, 2});
        h.observe(1.5);
        h.observe(5, 3);
        assertThat(h.cumulative()).containsExactly(0, 1, 4);
        assertThat(h.sum()).isEqualTo(16.5);
        assertThat(List.of(h.count())).containsExactly(4L);
    }
}
