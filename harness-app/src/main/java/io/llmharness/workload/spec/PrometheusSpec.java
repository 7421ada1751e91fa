package io.llmharness.workload.spec;

import java.util.List;
import java.util.Objects;

/**
 * A profile's {@code metrics: {type: prometheus, prometheus: {...}}} with the {@code report.prometheus} switches:
 * which Prometheus server to ask for the model server's metrics after the run, and which reports to write.
 *
 * @param url the Prometheus server's base URL (its {@code /api/v1/query} is asked), not the model server's
 * @param scrapeIntervalS how often that Prometheus scrapes the model server, seconds; the run waits this plus 2 s
 *     after its last request before asking, so the last requests are in Prometheus
 * @param filters PromQL label matchers added to every query beside {@code model_name='<model>'}
 * @param summary write {@code summary_prometheus_metrics.json} (the whole run)
 * @param perStage write {@code stage_<id>_prometheus_metrics.json} per stage
 */
public record PrometheusSpec(
        String url, double scrapeIntervalS, List<String> filters, boolean summary, boolean perStage) {

    /** inference-perf's default scrape interval, seconds. */
    public static final double DEFAULT_SCRAPE_INTERVAL_S = 15;

    /** What inference-perf adds to the scrape interval before asking, seconds. */
    public static final double SCRAPE_BUFFER_S = 2;

    public PrometheusSpec {
        Objects.requireNonNull(url, "url");
        filters = List.copyOf(filters);
        if (!(scrapeIntervalS >= 0)) {
            throw new IllegalArgumentException("scrape interval must be >= 0 s, got " + scrapeIntervalS);
        }
    }

    /** How long after the run (or a stage) Prometheus is given to scrape its last requests, seconds. */
    public double settleS() {
        return scrapeIntervalS + SCRAPE_BUFFER_S;
    }
}
