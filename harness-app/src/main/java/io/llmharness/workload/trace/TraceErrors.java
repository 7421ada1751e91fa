package io.llmharness.workload.trace;

import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Path;

/** The one-line messages of trace problems: each names the file and, for a row, its line, and says how to fix it. */
final class TraceErrors {

    private TraceErrors() {}

    /** A problem in the row on {@code line}. */
    static HarnessException row(Path file, long line, String problem) {
        return HarnessException.config("Trace " + file + " line " + line + ": " + problem);
    }

    /** A problem with the whole file. */
    static HarnessException file(Path file, String problem) {
        return HarnessException.config("Trace " + file + ": " + problem);
    }

    /** The file holds no rows. */
    static HarnessException empty(Path file, TraceFormat format) {
        return file(file, "no rows to read as " + format.cliName() + "; give a trace file with at least one request");
    }

    /** The file cannot be opened or read. */
    static HarnessException io(Path file, IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return HarnessException.config("Trace file not found: " + file + "; check the path");
        }
        String m = e.getMessage() == null
                ? e.getClass().getSimpleName()
                : e.getMessage().lines().findFirst().orElse("");
        return HarnessException.execution("Cannot read trace " + file + ": " + m, e);
    }
}
