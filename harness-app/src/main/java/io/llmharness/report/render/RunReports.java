package io.llmharness.report.render;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.error.HarnessException;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.RunSummary;
import io.llmharness.report.view.RunView;
import io.llmharness.report.view.RunViews;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes every report format of a run: at the end of a run from what it recorded, or later from the run directory
 * alone ({@code harness report DIR}).
 *
 * <pre>{@code
 * RunSummary written = RunOutputs.write(runDir, summary, snapshot);     // summary.json and the request files
 * RunReports.Written r = RunReports.write(runDir, written, snapshot);   // report.html and charts/*.png
 * console.println("Report: " + r.html());
 * }</pre>
 */
public final class RunReports {

    private static final Logger LOG = LoggerFactory.getLogger(RunReports.class);

    private RunReports() {}

    /**
     * What was written.
     *
     * @param view the report's content (for terminal lines)
     * @param files every file written
     * @param problems one line per format that could not be written (empty when all were)
     */
    public record Written(RunView view, List<Path> files, List<String> problems) {
        public Written {
            files = List.copyOf(files);
            problems = List.copyOf(problems);
        }

        /** The report.html written, or null when it could not be written. */
        public Path html() {
            return files.stream()
                    .filter(p -> p.getFileName().toString().equals(HtmlFormat.FILE))
                    .findFirst()
                    .orElse(null);
        }
    }

    /** The formats written for every run, in order. */
    public static List<ViewFormat> formats() {
        return List.of(new HtmlFormat(), new PngFormat());
    }

    /**
     * Writes report.html and charts/*.png of a finished run. Never throws: a report is an extra, so a format that
     * fails is logged and listed in {@link Written#problems()}, and the run's result stands.
     *
     * @param summary the summary as {@link RunOutputs#write} returned it
     * @param snapshot the records it was computed from
     */
    public static Written write(Path dir, RunSummary summary, RecordSnapshot snapshot) {
        long startNs = System.nanoTime();
        RunView view;
        try {
            view = RunViews.build(dir, summary, snapshot);
        } catch (RuntimeException e) {
            LOG.warn("no report for {}: {}", dir, e.toString(), e);
            return new Written(null, List.of(), List.of("report: " + e));
        }
        List<Path> files = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (ViewFormat f : formats()) {
            try {
                files.addAll(f.write(view, dir));
            } catch (Exception | LinkageError e) { // a headless JDK without fonts fails inside AWT
                LOG.warn("{} report of {} not written: {}", f.name(), dir, e.toString(), e);
                problems.add(f.name() + ": " + e);
            }
        }
        LOG.info("report of {}: {} files in {} ms", dir, files.size(), (System.nanoTime() - startNs) / 1_000_000);
        return new Written(view, files, problems);
    }

    /**
     * Writes report.html and charts/*.png of a finished workload run ({@code harness bench}), whose summary.json and
     * request tables are already written. Never throws, as {@link #write}.
     *
     * @param snapshot the measured requests
     */
    public static Written writeBench(Path dir, RecordSnapshot snapshot) {
        RunSummary summary;
        try {
            summary = WorkloadRuns.summary(dir, WorkloadRuns.read(dir), snapshot);
        } catch (RuntimeException e) {
            LOG.warn("no report for {}: {}", dir, e.toString(), e);
            return new Written(null, List.of(), List.of("report: " + e));
        }
        return write(dir, summary, snapshot);
    }

    /**
     * {@code harness report DIR}: recomputes summary.json from the recorded requests (same numbers for an
     * untouched directory), then writes every format again. A workload run's summary.json, which the workload
     * formats write, is left as it is: the report is redrawn from its requests and scrapes.
     *
     * @throws HarnessException (config) when the directory is not a run directory
     */
    public static Written rebuild(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw HarnessException.config(dir + ": no such directory");
        }
        if (!Files.isRegularFile(dir.resolve(RunOutputs.SUMMARY_JSON))) {
            throw HarnessException.config(dir + " is not a run directory: it has no " + RunOutputs.SUMMARY_JSON
                    + " (pass the folder of one run, e.g. harness_output/<run-id>)");
        }
        JsonNode doc = WorkloadRuns.read(dir);
        if (WorkloadRuns.isWorkloadRun(doc)) {
            RecordSnapshot snap = RunOutputs.readRecords(dir);
            return write(dir, WorkloadRuns.summary(dir, doc, snap), snap);
        }
        RunOutputs.Recorded r = RunOutputs.regenerate(dir);
        return write(dir, r.summary(), r.snapshot());
    }
}
