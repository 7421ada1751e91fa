package io.llmharness.metrics;

import java.util.Objects;

/**
 * What to measure: the window of requests that count (by start time, see {@link RequestMetrics#startNs}) and the
 * SLOs for goodput. Window bounds are {@link System#nanoTime()} values on the clock of the records; the start is
 * inclusive, the end exclusive.
 *
 * @param windowStartNs first start time that counts, or {@link #UNBOUNDED_START}
 * @param windowEndNs start times from here on do not count, or {@link #UNBOUNDED_END}
 * @param slos objectives for goodput, {@link SloSpec#NONE} for none
 */
public record MeasureOptions(long windowStartNs, long windowEndNs, SloSpec slos) {

    /** No lower bound. */
    public static final long UNBOUNDED_START = Long.MIN_VALUE;

    /** No upper bound. */
    public static final long UNBOUNDED_END = Long.MAX_VALUE;

    public MeasureOptions {
        Objects.requireNonNull(slos, "slos");
        if (windowEndNs < windowStartNs) {
            throw new IllegalArgumentException("measured window ends before it starts");
        }
    }

    /** Every request counts, no SLOs. */
    public static MeasureOptions all() {
        return new MeasureOptions(UNBOUNDED_START, UNBOUNDED_END, SloSpec.NONE);
    }

    /** Requests started in {@code [startNs, endNs)} count. */
    public static MeasureOptions window(long startNs, long endNs) {
        return new MeasureOptions(startNs, endNs, SloSpec.NONE);
    }

    /** These options with SLOs. */
    public MeasureOptions withSlos(SloSpec s) {
        return new MeasureOptions(windowStartNs, windowEndNs, s);
    }

    /** Whether a start time falls in the window. */
    public boolean contains(long startNs) {
        return startNs >= windowStartNs && startNs < windowEndNs;
    }

    /** Whether the start is bounded. */
    public boolean boundedStart() {
        return windowStartNs != UNBOUNDED_START;
    }

    /** Whether the end is bounded. */
    public boolean boundedEnd() {
        return windowEndNs != UNBOUNDED_END;
    }
}
