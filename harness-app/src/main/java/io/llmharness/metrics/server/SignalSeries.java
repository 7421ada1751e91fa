package io.llmharness.metrics.server;

/**
 * One signal of one server (or of all servers combined) over time, points in time order.
 *
 * @param server the server's base URL, or {@code all} for the combination
 * @param source where the values come from (for the combination: the first server's source)
 * @param timesS point times in seconds from the run start
 * @param values signal values at those times, in the signal's unit
 */
public record SignalSeries(String server, ServerSignal.Source source, double[] timesS, double[] values) {

    /** Number of points. */
    public int size() {
        return timesS.length;
    }
}
