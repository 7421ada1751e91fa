package io.llmharness.metrics.server;

/**
 * What one server signal did during one stage, combined over servers; null where undefined.
 *
 * @param mean time average: the mean of the scraped values for gauges, the increase over the stage divided by
 *     its length for rates, hits over lookups for hit rates
 * @param max the largest scraped value (gauges) or the largest rate between two scrapes (rates, ratios)
 * @param total the counter's increase over the stage (rates only), e.g. preemptions or generated tokens
 */
public record SignalStats(Double mean, Double max, Double total) {

    /** Nothing scraped in the stage. */
    public static final SignalStats NONE = new SignalStats(null, null, null);

    /** Whether there is no value. */
    public boolean isEmpty() {
        return mean == null && max == null && total == null;
    }
}
