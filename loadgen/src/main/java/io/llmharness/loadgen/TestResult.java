package io.llmharness.loadgen;

import io.llmharness.loadgen.results.PerformanceSummary;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The outcome of {@link LoadGen#startTest}: what ran, whether the reported performance run is VALID, how many
 * warnings and errors the detail log holds, and where the logs are. Immutable.
 *
 * @param scenario the effective scenario
 * @param mode the effective mode (after audit.config / test05)
 * @param sutName the SUT's name
 * @param performance the reported performance run (absent for AccuracyOnly, and when FindPeakPerformance
 *     could not run)
 * @param warningCount warnings in the detail log
 * @param errorCount errors in the detail log ({@code is_error} lines)
 * @param accuracyLogEntries responses written to the accuracy log
 * @param aborted the test was ended by {@link LoadGen#abortTest()}
 * @param logs the four log files
 */
public record TestResult(
        Scenario scenario,
        TestMode mode,
        String sutName,
        Optional<PerformanceSummary> performance,
        long warningCount,
        long errorCount,
        long accuracyLogEntries,
        boolean aborted,
        LogFiles logs) {

    /** The verdict of a test. */
    public enum Verdict {
        /** A performance run was reported and it is VALID. */
        VALID,
        /** A performance run was reported and it is INVALID. */
        INVALID,
        /** No performance run was reported (accuracy only). */
        NOT_APPLICABLE
    }

    /**
     * The four log files.
     *
     * @param summary mlperf_log_summary.txt
     * @param detail mlperf_log_detail.txt
     * @param accuracy mlperf_log_accuracy.json
     * @param trace mlperf_log_trace.json
     */
    public record LogFiles(Path summary, Path detail, Path accuracy, Path trace) {}

    /** VALID / INVALID of the reported performance run, or NOT_APPLICABLE. */
    public Verdict verdict() {
        return performance
                .map(p -> p.validity().valid() ? Verdict.VALID : Verdict.INVALID)
                .orElse(Verdict.NOT_APPLICABLE);
    }
}
