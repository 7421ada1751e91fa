package io.llmharness.loadgen.log;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The four log files of a test, opened (and truncated) together:
 * {@code <outdir>/<prefix>[<datetime>_]<name><suffix>.<ext>} for summary.txt, detail.txt, accuracy.json and
 * trace.json. All four always exist afterwards; the trace stays empty when tracing is off.
 */
public final class LogOutputs implements AutoCloseable {

    private final Path summary;
    private final Path detail;
    private final Path accuracy;
    private final Path trace;
    private final Writer summaryOut;
    private final Writer detailOut;
    private final Writer accuracyOut;
    private final Writer traceOut;

    /**
     * Opens the files.
     *
     * @param dateTime the test date-time string used when {@code prefixWithDatetime}
     * @throws UncheckedIOException naming the file that could not be opened
     */
    public LogOutputs(Path outdir, String prefix, String suffix, boolean prefixWithDatetime, String dateTime) {
        String base = prefix + (prefixWithDatetime ? dateTime + "_" : "");
        summary = outdir.resolve(base + "summary" + suffix + ".txt");
        detail = outdir.resolve(base + "detail" + suffix + ".txt");
        accuracy = outdir.resolve(base + "accuracy" + suffix + ".json");
        trace = outdir.resolve(base + "trace" + suffix + ".json");
        summaryOut = open(summary, "summary file");
        detailOut = open(detail, "detailed log file");
        accuracyOut = open(accuracy, "accuracy log file");
        traceOut = open(trace, "trace file");
    }

    private static Writer open(Path p, String what) {
        try {
            return new BufferedWriter(Files.newBufferedWriter(p, StandardCharsets.UTF_8), 1 << 16);
        } catch (IOException e) {
            throw new UncheckedIOException("LoadGen: Failed to open " + what + " " + p + ": " + e.getMessage(), e);
        }
    }

    public Path summaryPath() {
        return summary;
    }

    public Path detailPath() {
        return detail;
    }

    public Path accuracyPath() {
        return accuracy;
    }

    public Path tracePath() {
        return trace;
    }

    public Writer summary() {
        return summaryOut;
    }

    public Writer detail() {
        return detailOut;
    }

    public Writer accuracy() {
        return accuracyOut;
    }

    public Writer trace() {
        return traceOut;
    }

    @Override
    public void close() {
        IOException first = null;
        for (Writer w : new Writer[] {summaryOut, detailOut, accuracyOut, traceOut}) {
            try {
                w.close();
            } catch (IOException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw new UncheckedIOException("cannot close the log files", first);
        }
    }
}
