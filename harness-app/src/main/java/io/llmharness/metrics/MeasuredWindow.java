package io.llmharness.metrics;

import java.time.Instant;

/**
 * The time span throughput is measured over. Nanosecond values are relative to the run start (the record
 * snapshot's nano anchor), so a summary does not depend on the JVM's clock origin.
 *
 * <p>The span starts at the window start (or, without one, the earliest start of a measured request) and ends at
 * the later of the window end and the last completion of a measured request, so the work those requests carry
 * always fits inside it. With neither a window end nor a measured request the span is empty.
 *
 * @param requestedStartNs window start asked for, relative to the run start, or null when unbounded
 * @param requestedEndNs window end asked for, relative to the run start, or null when unbounded
 * @param startNs span start, relative to the run start
 * @param endNs span end, relative to the run start
 * @param start wall-clock time of {@code startNs}
 * @param end wall-clock time of {@code endNs}
 */
public record MeasuredWindow(
        Long requestedStartNs, Long requestedEndNs, long startNs, long endNs, Instant start, Instant end) {

    /** Length of the span in nanoseconds ("benchmark duration"). */
    public long durationNs() {
        return endNs - startNs;
    }

    /** Length of the span in seconds. */
    public double durationSeconds() {
        return durationNs() / 1e9;
    }
}
