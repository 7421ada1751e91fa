package io.llmharness.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The /metrics text parser: the exposition details a scrape must get right (checklist item 33). */
class PrometheusTextTest {

    private static final String VLLM = """
            # HELP vllm:prompt_tokens_total Number of prefill tokens processed.
            # TYPE vllm:prompt_tokens_total counter
            vllm:prompt_tokens_total{engine="0",model_name="m"} 120.0
            vllm:prompt_tokens_created{engine="0",model_name="m"} 1.7e+09
            vllm:prompt_tokens_total{engine="1",model_name="m"} 30.0
            vllm:prompt_tokens_created{engine="1",model_name="m"} 1.7e+09
            # HELP vllm:num_requests_running Number of requests in model execution batches.
            # TYPE vllm:num_requests_running gauge
            vllm:num_requests_running{engine="0",model_name="m"} 3.0
            # TYPE vllm:e2e_request_latency_seconds histogram
            vllm:e2e_request_latency_seconds_bucket{engine="0",le="0.5",model_name="m"} 2.0
            vllm:e2e_request_latency_seconds_bucket{engine="0",le="+Inf",model_name="m"} 5.0
            vllm:e2e_request_latency_seconds_count{engine="0",model_name="m"} 5.0
            vllm:e2e_request_latency_seconds_sum{engine="0",model_name="m"} 4.25
            vllm:e2e_request_latency_seconds_created{engine="0",model_name="m"} 1.7e+09
            """;

    @Test
    void countersSumOverEnginesAndCreatedSamplesAreSkipped() {
        PrometheusText t = PrometheusText.parse(VLLM);
        assertThat(t.sum("vllm:prompt_tokens_total")).isEqualTo(150.0);
        assertThat(t.sum("vllm:prompt_tokens_total", Map.of("engine", "1"))).isEqualTo(30.0);
        assertThat(t.has("vllm:prompt_tokens_created")).isFalse();
        assertThat(t.has("vllm:e2e_request_latency_seconds_created")).isFalse();
        assertThat(t.samples().stream().map(PrometheusText.Sample::name)).noneMatch(n -> n.endsWith("_created"));
        assertThat(t.type("vllm:prompt_tokens_total")).contains("counter");
        assertThat(t.type("vllm:num_requests_running")).contains("gauge");
        assertThat(t.value("vllm:num_requests_running", Map.of())).contains(3.0);
        assertThat(t.value("vllm:prompt_tokens_total", Map.of()))
                .as("ambiguous: two series")
                .isEmpty();
    }

    @Test
    void createdGaugeFamiliesAsPrometheusClientWritesThemAreSkippedToo() {
        PrometheusText t = PrometheusText.parse("""
                # HELP vllm:prompt_tokens_total Number of prefill tokens processed.
                # TYPE vllm:prompt_tokens_total counter
                vllm:prompt_tokens_total{engine="0",model_name="m"} 120.0
                # HELP vllm:prompt_tokens_created Number of prefill tokens processed.
                # TYPE vllm:prompt_tokens_created gauge
                vllm:prompt_tokens_created{engine="0",model_name="m"} 1.7e+09
                # HELP vllm:e2e_request_latency_seconds Histogram of e2e request latency in seconds.
                # TYPE vllm:e2e_request_latency_seconds histogram
                vllm:e2e_request_latency_seconds_bucket{engine="0",le="+Inf",model_name="m"} 5.0
                vllm:e2e_request_latency_seconds_count{engine="0",model_name="m"} 5.0
                vllm:e2e_request_latency_seconds_sum{engine="0",model_name="m"} 4.25
                # HELP vllm:e2e_request_latency_seconds_created Histogram of e2e request latency in seconds.
                # TYPE vllm:e2e_request_latency_seconds_created gauge
                vllm:e2e_request_latency_seconds_created{engine="0",model_name="m"} 1.7e+09
                """);
        assertThat(t.sum("vllm:prompt_tokens_total")).isEqualTo(120.0);
        assertThat(t.samples().stream().map(PrometheusText.Sample::name)).noneMatch(n -> n.endsWith("_created"));
    }

    @Test
    void histogramBucketsAreCumulativeWithPlusInfEqualToCount() {
        PrometheusText t = PrometheusText.parse(VLLM);
        double inf = t.value("vllm:e2e_request_latency_seconds_bucket", Map.of("le", "+Inf"))
                .orElseThrow();
        assertThat(inf).isEqualTo(t.sum("vllm:e2e_request_latency_seconds_count"));
        assertThat(t.value("vllm:e2e_request_latency_seconds_bucket", Map.of("le", "0.5")))
                .contains(2.0);
        assertThat(t.sum("vllm:e2e_request_latency_seconds_sum")).isEqualTo(4.25);
    }

    @Test
    void escapedLabelValuesAreUnescaped() {
        PrometheusText t = PrometheusText.parse("# TYPE x gauge\n"
                + "x{path=\"C:\\\\dir\",msg=\"say \\\"hi\\\"\\nbye\",  empty=\"\" , brace=\"}{,=\"} 1\n");
        PrometheusText.Sample s = t.samples("x").get(0);
        assertThat(s.labels())
                .containsEntry("path", "C:\\dir")
                .containsEntry("msg", "say \"hi\"\nbye")
                .containsEntry("empty", "")
                .containsEntry("brace", "}{,=");
    }

    @Test
    void specialValuesTimestampsCommentsAndBlankLines() {
        PrometheusText t = PrometheusText.parse("""
                # a free comment
                a +Inf

                b -Inf 1700000000000
                c NaN
                d 1e3
                # TYPE g_created gauge
                g_created 5
                """);
        assertThat(t.sum("a")).isInfinite().isPositive();
        assertThat(t.sum("b")).isInfinite().isNegative();
        assertThat(t.sum("c")).isNaN();
        assertThat(t.sum("d")).isEqualTo(1000.0);
        assertThat(t.sum("g_created")).as("a gauge named *_created is data").isEqualTo(5.0);
        assertThat(t.sum("missing")).isZero();
    }

    @Test
    void malformedLinesNameTheLine() {
        assertThatThrownBy(() -> PrometheusText.parse("ok 1\nbad{x=\"1\" 2\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("metrics line 2");
        assertThatThrownBy(() -> PrometheusText.parse("novalue\n"))
                .hasMessageContaining("line 1")
                .hasMessageContaining("no value");
        assertThatThrownBy(() -> PrometheusText.parse("x{a=1} 2\n")).hasMessageContaining("quoted");
    }
}
