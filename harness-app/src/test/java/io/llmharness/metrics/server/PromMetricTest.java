package io.llmharness.metrics.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The PromQL of each metric kind, and the report built from the answers: inference-perf's, key for key. */
class PromMetricTest {

    private static final String F = "model_name='m',namespace=\"llm\"";

    @Test
    void aCounterSelectorTakesTheFiltersInsideItsBraces() {
        List<String> q = new PromMetric.Counter("{__name__=~\"vllm:request_success(_total)?\"}").queries(62.4, F);
        String s = "{__name__=~\"vllm:request_success(_total)?\"," + F + "}";
        assertThat(q)
                .containsExactly(
                        "sum(increase(" + s + "[62s]))",
                        "avg_over_time(rate(" + s + "[62s])[62s:62s])",
                        "sum(rate(" + s + "[62s]))");
        assertThat(new PromMetric.Counter("vllm:prompt_tokens").queries(3, "").get(0))
                .isEqualTo("sum(increase(vllm:prompt_tokens{}[3s]))");
    }

    @Test
    void gaugeAndHistogramQueries() {
        assertThat(new PromMetric.Gauge("vllm:num_requests_waiting").queries(10, F))
                .containsExactly(
                        "avg_over_time(vllm:num_requests_waiting{" + F + "}[10s])",
                        "quantile_over_time(0.5, vllm:num_requests_waiting{" + F + "}[10s])",
                        "quantile_over_time(0.9, vllm:num_requests_waiting{" + F + "}[10s])",
                        "quantile_over_time(0.99, vllm:num_requests_waiting{" + F + "}[10s])");
        String h = "vllm:e2e_request_latency_seconds";
        assertThat(new PromMetric.Histogram(h).queries(10, F))
                .containsExactly(
                        "sum(rate(" + h + "_sum{" + F + "}[10s])) / (sum(rate(" + h + "_count{" + F + "}[10s])) > 0)",
                        "histogram_quantile(0.5, sum(rate(" + h + "_bucket{" + F + "}[10s])) by (le))",
                        "histogram_quantile(0.9, sum(rate(" + h + "_bucket{" + F + "}[10s])) by (le))",
                        "histogram_quantile(0.99, sum(rate(" + h + "_bucket{" + F + "}[10s])) by (le))",
                        "sum(rate(" + h + "_count{" + F + "}[10s]))");
        assertThatThrownBy(() -> new PromMetric.Gauge("{__name__=~\"x\"}"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void windowsAreWholeSecondsRoundedAsPythonFormatsThem() {
        assertThat(PromMetric.seconds(2.5)).isEqualTo("2s");
        assertThat(PromMetric.seconds(3.5)).isEqualTo("4s");
        assertThat(PromMetric.seconds(17.49)).isEqualTo("17s");
    }

    @Test
    void theReportReadsEachAnswerByMeaningInInferencePerfsOrder() {
        Map<String, PromMetric> set = PromMetricSet.forServer("vllm");
        Map<String, PromValue> v = new LinkedHashMap<>();
        v.put("requests", new PromValue(set.get("requests"), new double[] {120, 2.1, 2.0}));
        v.put("prompt_tokens", new PromValue(set.get("prompt_tokens"), new double[] {12000, 190, 200}));
        v.put("request_latency", new PromValue(set.get("request_latency"), new double[] {0.5, 0.45, 0.9, 0.99, 2}));
        v.put("kv_cache_usage", new PromValue(set.get("kv_cache_usage"), new double[] {0.2, 0.1, 0.4, 0.5}));
        v.put("prefix_cache_hits", new PromValue(set.get("prefix_cache_hits"), new double[] {30, 0, 0}));
        v.put("prefix_cache_queries", new PromValue(set.get("prefix_cache_queries"), new double[] {120, 0, 0}));
        Map<String, Object> r = PromSummary.report(v);
        assertThat(r).containsOnlyKeys("benchmark_time_seconds", "load_summary", "successes", "failures");
        @SuppressWarnings("unchecked")
        Map<String, Object> s = (Map<String, Object>) r.get("successes");
        assertThat(s.keySet())
                .startsWith("count", "rate", "prompt_len", "output_len", "queue_len", "request_latency")
                .endsWith("kv_block_reuse_gap")
                .hasSize(33);
        assertThat(s.get("count")).isEqualTo(120.0);
        assertThat(s.get("rate")).isEqualTo(2.0);
        assertThat(s.get("prompt_len"))
                .as("inference-perf's prompt_len.mean is the counter's average rate")
                .isEqualTo(Map.of("mean", 190.0, "rate", 200.0));
        assertThat(s.get("request_latency")).isEqualTo(Map.of("mean", 0.5, "median", 0.45, "p90", 0.9, "p99", 0.99));
        assertThat(s.get("kv_cache_usage_percentage"))
                .isEqualTo(Map.of("mean", 0.2, "median", 0.1, "p90", 0.4, "p99", 0.5));
        assertThat(s.get("prefix_cache_hit_percent")).isEqualTo(Map.of("mean", 25.0));
        assertThat(s.get("time_to_first_token"))
                .as("a metric without answers counts 0")
                .isEqualTo(Map.of("mean", 0.0, "median", 0.0, "p90", 0.0, "p99", 0.0));
        assertThat(s.get("request_success_count")).isEqualTo(0.0);
    }

    @Test
    void tgiCountsTokensWithHistograms() {
        Map<String, PromMetric> set = PromMetricSet.forServer("tgi");
        assertThat(set.get("output_tokens")).isInstanceOf(PromMetric.Histogram.class);
        PromValue out = new PromValue(set.get("output_tokens"), new double[] {64, 60, 100, 120, 3.5});
        @SuppressWarnings("unchecked")
        Map<String, Object> s = (Map<String, Object>)
                PromSummary.report(Map.of("output_tokens", out)).get("successes");
        assertThat(s.get("output_len")).isEqualTo(Map.of("mean", 64.0, "rate", 3.5));
        assertThat(PromMetricSet.forServer("sglang").get("kv_cache_usage").name())
                .isEqualTo("sglang:token_usage");
    }
}
