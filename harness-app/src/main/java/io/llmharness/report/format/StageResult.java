package io.llmharness.report.format;

import io.llmharness.metrics.StageMetrics;
import io.llmharness.workload.spec.Stage;

/**
 * One stage of a workload run with its metrics.
 *
 * @param index stage index (inference-perf's stage id)
 * @param stage the stage as run
 * @param planned requests it planned (0 when bounded by time only)
 * @param interrupted whether the run stopped during it
 * @param startNs stage start (nanoTime)
 * @param endNs when its last request ended (nanoTime)
 * @param metrics its metric table
 * @param firstSample first {@code sample_index} of its requests in requests.csv, -1 when none
 * @param lastSample last {@code sample_index} of its requests, -1 when none
 */
public record StageResult(
        int index,
        Stage stage,
        long planned,
        boolean interrupted,
        long startNs,
        long endNs,
        StageMetrics metrics,
        long firstSample,
        long lastSample) {

    /** The stage's requested rate in requests per second, or NaN for a closed-loop stage. */
    public double requestedRate() {
        return stage instanceof Stage.Rate r ? r.rate() : Double.NaN;
    }

    /** The stage's concurrency, or 0 for an open-loop stage. */
    public int concurrency() {
        return stage instanceof Stage.Concurrency c ? c.concurrency() : 0;
    }
}
