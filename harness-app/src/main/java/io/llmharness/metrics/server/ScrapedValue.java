package io.llmharness.metrics.server;

/**
 * One metric of one server at one scrape: the sum of every series of that name (all label sets, e.g. one per
 * data-parallel engine).
 *
 * @param timeS scrape time in seconds from the run start
 * @param server the server's base URL
 * @param metric the exposed metric name, e.g. {@code vllm:num_requests_running}
 * @param value the sum over the metric's series
 * @param series how many series were summed (to average fractions over engines)
 */
public record ScrapedValue(double timeS, String server, String metric, double value, int series) {

    /** The value per series: the mean over engines, for fractions. */
    public double meanValue() {
        return series <= 0 ? value : value / series;
    }
}
