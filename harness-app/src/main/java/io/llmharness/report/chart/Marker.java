package io.llmharness.report.chart;

import java.util.Objects;

/**
 * A vertical line across a chart at one x value.
 *
 * @param x where
 * @param label short text at its top, e.g. {@code p99} or a stage name
 * @param kind what it marks
 * @param color palette index (percentiles take their series' color; stage boundaries are grey)
 */
public record Marker(double x, String label, Kind kind, int color) {

    /** What a marker marks. */
    public enum Kind {
        /** A stage boundary on a time axis. */
        STAGE,
        /** A percentile on a value axis. */
        PERCENTILE
    }

    public Marker {
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(kind, "kind");
    }
}
