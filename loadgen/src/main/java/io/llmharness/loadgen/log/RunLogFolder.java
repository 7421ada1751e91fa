package io.llmharness.loadgen.log;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a run directory keeps LoadGen's four logs: in their own folder {@code mlperf/}, so that the folder holds
 * nothing else and can be copied as it is into a submission's {@code performance/run_1} or {@code accuracy/}. Run
 * directories written before the folder existed have the logs at their top level; {@link #find} reads both.
 */
public final class RunLogFolder {

    /** The folder's name inside a run directory. */
    public static final String NAME = "mlperf";

    /** {@code mlperf_log_summary.txt}. */
    public static final String SUMMARY = "mlperf_log_summary.txt";

    /** {@code mlperf_log_detail.txt}. */
    public static final String DETAIL = "mlperf_log_detail.txt";

    /** {@code mlperf_log_accuracy.json}. */
    public static final String ACCURACY = "mlperf_log_accuracy.json";

    /** {@code mlperf_log_trace.json}. */
    public static final String TRACE = "mlperf_log_trace.json";

    /** The four files, in the order LoadGen's documentation lists them. */
    public static final List<String> FILES = List.of(SUMMARY, DETAIL, ACCURACY, TRACE);

    private RunLogFolder() {}

    /** The folder of a run directory (it may not exist yet). */
    public static Path of(Path runDir) {
        return runDir.resolve(NAME);
    }

    /**
     * A LoadGen file of a run directory: {@code RUN_DIR/mlperf/NAME} when it is there, else {@code RUN_DIR/NAME} (a run
     * written before the folder existed). When neither exists, the path in the folder (for the error message).
     */
    public static Path find(Path runDir, String file) {
        Path inFolder = of(runDir).resolve(file);
        if (Files.isRegularFile(inFolder)) {
            return inFolder;
        }
        Path flat = runDir.resolve(file);
        return Files.isRegularFile(flat) ? flat : inFolder;
    }

    /** {@link #find}'s answer relative to the run directory, with forward slashes (for links and messages). */
    public static String relative(Path runDir, String file) {
        return runDir.relativize(find(runDir, file)).toString().replace('\\', '/');
    }

    /**
     * The run directory a LoadGen folder or file belongs to: {@code RUN_DIR} for {@code RUN_DIR/mlperf} and for a
     * file in it; otherwise the path itself (a directory) or its parent (a file).
     */
    public static Path runDirOf(Path path) {
        Path dir = Files.isDirectory(path) ? path : path.toAbsolutePath().getParent();
        if (dir != null
                && dir.getFileName() != null
                && dir.getFileName().toString().equals(NAME)) {
            Path parent = dir.toAbsolutePath().getParent();
            if (parent != null && !Files.isRegularFile(dir.resolve("summary.json"))) {
                return parent;
            }
        }
        return dir;
    }
}
