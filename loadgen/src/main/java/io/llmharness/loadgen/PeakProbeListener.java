package io.llmharness.loadgen;

import io.llmharness.loadgen.results.PerformanceSummary;

/**
 * Told about every run of a FindPeakPerformance search as soon as it is over, so a tool can show the search's
 * progress (C++ LoadGen only writes these runs to the detail log). Called on the thread that runs the test.
 */
@FunctionalInterface
public interface PeakProbeListener {

    /** Which part of the search a run belongs to. */
    enum Stage {
        /** The run at the user's {@code server_target_qps}. */
        BASE,
        /** A run at {@code lower x (1 + server_find_peak_qps_boundary_step_size)}, widening the bounds. */
        BOUNDARY,
        /** A run at the middle of the bounds (binary search). */
        BISECT
    }

    /**
     * One run of the search is over.
     *
     * @param stage which part of the search it belongs to
     * @param run its results; {@code run.settings().targetQps()} is the QPS tried and
     *     {@code run.perfConstraintsMet()} the verdict the search uses
     */
    void probed(Stage stage, PerformanceSummary run);

    /** A listener that ignores every run. */
    PeakProbeListener NONE = (stage, run) -> {};
}
