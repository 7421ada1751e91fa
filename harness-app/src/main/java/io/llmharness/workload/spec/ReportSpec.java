package io.llmharness.workload.spec;

import java.util.List;
import java.util.Map;

/**
 * What the profile asks to be reported.
 *
 * @param summary write the whole-run lifecycle summary
 * @param perStage write one lifecycle file per stage
 * @param perRequest write the per-request lifecycle file
 * @param percentiles percentiles to report, e.g. 0.1, 1, …, 99.9
 * @param goodputSeconds SLO bound per metric key ({@code ttft}, {@code tpot}, {@code ntpot},
 *     {@code e2e_latency}, {@code time_per_request}), seconds
 * @param prometheus the Prometheus server to ask for the model server's metrics after the run, or null
 */
public record ReportSpec(
        boolean summary,
        boolean perStage,
        boolean perRequest,
        List<Double> percentiles,
        Map<String, Double> goodputSeconds,
        PrometheusSpec prometheus) {

    /** inference-perf's percentiles. */
    public static final List<Double> DEFAULT_PERCENTILES =
            List.of(0.1, 1.0, 5.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.9);

    /** Everything on, default percentiles, no SLOs. */
    public static final ReportSpec DEFAULTS = new ReportSpec(true, true, true, DEFAULT_PERCENTILES, Map.of(), null);

    public ReportSpec {
        percentiles = List.copyOf(percentiles);
        goodputSeconds = Map.copyOf(goodputSeconds);
    }

    /** These settings with other goodput SLOs. */
    public ReportSpec withGoodput(Map<String, Double> seconds) {
        return new ReportSpec(summary, perStage, perRequest, percentiles, seconds, prometheus);
    }
}
