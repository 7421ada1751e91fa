package io.llmharness.benchmark;

import io.llmharness.error.HarnessException;
import java.util.List;

/**
 * Checks a loaded dataset's row count against the benchmark before a run starts. LoadGen's QSL is the whole
 * dataset; in accuracy mode LoadGen issues rows {@code 0..accuracySampleCount-1}, so for gpt-oss-120b the
 * accuracy file (reasoning effort high) must be given, not the performance file (effort low) — a mix-up would
 * silently produce a meaningless accuracy score.
 */
public final class DatasetCheck {

    /** Rows of gpt-oss-120b's TEST07 set: GPQA-Diamond x5. */
    static final int TEST07_ROWS = 990;

    private DatasetCheck() {}

    /**
     * @param rows number of rows in the loaded dataset
     * @param datasetName the dataset as the user named it ({@code --dataset-path})
     * @return warnings, e.g. when the row count differs from the official set (fine for smoke tests, not valid
     *     for a submission)
     * @throws HarnessException config error when the file is evidently the other mode's file of a benchmark with
     *     separate performance and accuracy files
     */
    public static List<String> rowCount(BenchmarkSpec spec, RunMode mode, long rows, String datasetName) {
        if (mode == RunMode.TEST07) {
            // TEST07 sends its own GPQA compliance set (acc/acc_eval_compliance_gpqa.parquet)
            return rows == TEST07_ROWS
                    ? List.of()
                    : List.of("--dataset-path " + datasetName + ": " + rows + " rows; TEST07 expects the "
                            + TEST07_ROWS + "-row GPQA compliance set (acc/acc_eval_compliance_gpqa.parquet); fine"
                            + " for a smoke test, not for a submission");
        }
        if (mode == RunMode.FIND_PEAK || mode.compliance()) {
            mode = RunMode.PERFORMANCE; // a peak search and TEST06/TEST09 send the performance set
        }
        int expected = spec.sampleCount(mode);
        if (spec.dataset() != null && spec.dataset().separateAccuracyFile() && rows != expected) {
            RunMode other = mode == RunMode.ACCURACY ? RunMode.PERFORMANCE : RunMode.ACCURACY;
            if (rows == spec.sampleCount(other)) {
                String wanted = mode == RunMode.ACCURACY
                        ? spec.dataset().accuracyFile()
                        : spec.dataset().performanceFile();
                throw HarnessException.config("--dataset-path " + datasetName + ": " + rows + " rows is the "
                        + spec.category() + " " + other.cliName() + " set, but this is " + article(mode)
                        + " run; pass the " + mode.cliName() + " file (" + expected + " rows, e.g. " + wanted + ")");
            }
        }
        if (rows < expected) {
            return List.of("--dataset-path " + datasetName + ": " + rows + " rows, fewer than the " + expected
                    + " of the official " + spec.category() + " " + mode.cliName()
                    + " set; fine for a smoke test, not for a submission");
        }
        if (rows > expected) {
            return List.of("--dataset-path " + datasetName + ": " + rows + " rows, more than the " + expected
                    + " of the official " + spec.category() + " " + mode.cliName()
                    + " set; results are not comparable with the reference");
        }
        return List.of();
    }

    private static String article(RunMode mode) {
        return mode == RunMode.ACCURACY ? "an accuracy" : "a performance";
    }
}
