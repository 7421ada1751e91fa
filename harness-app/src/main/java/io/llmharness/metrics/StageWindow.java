package io.llmharness.metrics;

import java.util.Objects;

/**
 * A named span of a run: a workload stage, or the whole measured window of an MLPerf run. Times are nanoseconds
 * relative to the run start (the record snapshot's nano anchor), start inclusive, end exclusive, so a request
 * belongs to the stage its start time ({@link RequestMetrics#startNs}: scheduled, else issued) falls in.
 *
 * @param name what the report calls the stage, e.g. {@code Server} or {@code stage 2: 40 req/s}
 * @param startNs first start time of the stage, relative to the run start
 * @param endNs end of the stage, relative to the run start ({@code >= startNs})
 */
public record StageWindow(String name, long startNs, long endNs) {

    public StageWindow {
        Objects.requireNonNull(name, "name");
        if (endNs < startNs) {
            throw new IllegalArgumentException("stage '" + name + "' ends before it starts");
        }
    }

    /** Whether a start time, relative to the run start, falls in the stage. */
    public boolean contains(long relativeNs) {
        return relativeNs >= startNs && relativeNs < endNs;
    }

    /** Start in seconds from the run start. */
    public double startSeconds() {
        return startNs / 1e9;
    }

    /** End in seconds from the run start. */
    public double endSeconds() {
        return endNs / 1e9;
    }
}
