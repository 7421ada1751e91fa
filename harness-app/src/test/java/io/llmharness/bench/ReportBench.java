package io.llmharness.bench;

import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.RunSummary;
import io.llmharness.report.SyntheticRun;
import io.llmharness.report.render.HtmlFormat;
import io.llmharness.report.render.PngFormat;
import io.llmharness.report.render.RunReports;
import io.llmharness.report.view.RunView;
import io.llmharness.report.view.RunViews;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Benchmark (not a test) of report generation for a large run: a {@link SyntheticRun} of N requests (three stages
 * over two servers, streamed, with failures and server scrapes) written as a run directory, then, each timed:
 *
 * <ul>
 *   <li>the end-of-run report from the records in memory ({@link RunReports#write}), split into building the
 *       aggregated view, the HTML page and the PNG charts;
 *   <li>{@code harness report DIR} ({@link RunReports#rebuild}): requests.parquet read back, summary.json recomputed,
 *       every format written again.
 * </ul>
 *
 * Prints one line per step (wall time, and CPU time of the thread doing it: on a busy machine the latter is what
 * a quiet one would take) and the size of report.html. Usage: {@code ReportBench [requests] [dir]}
 * (default 1,000,000 requests in a temporary folder); {@code perf/report-bench.sh} builds and runs it.
 */
public final class ReportBench {

    private ReportBench() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0].replace("_", "")) : 1_000_000;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("report-bench");
        Files.createDirectories(dir);
        System.setProperty("java.awt.headless", "true");
        SyntheticRun run = new SyntheticRun(n, 42);

        long t = start();
        RunSummary summary = run.writeTo(dir);
        RecordSnapshot snap = run.snapshot();
        line("setup: records, scrapes, summary.json, requests.csv/.parquet", t, "not part of the report");

        for (int round = 1; round <= 2; round++) { // the first round includes class loading and JIT warm-up
            String r = " (round " + round + ")";
            t = start();
            RunView view = RunViews.build(dir, summary, snap);
            line("aggregate the view" + r, t, view.charts().size() + " charts");
            t = start();
            new HtmlFormat().write(view, dir);
            line("report.html" + r, t, mb(Files.size(dir.resolve(HtmlFormat.FILE))));
            t = start();
            new PngFormat().write(view, dir);
            line("charts/*.png" + r, t, mb(folderSize(dir.resolve(PngFormat.DIR))));
            t = start();
            RunReports.Written w = RunReports.write(dir, summary, snap);
            line(
                    "end-of-run report: RunReports.write" + r,
                    t,
                    w.problems().isEmpty() ? "ok" : w.problems().toString());
        }
        t = start();
        RunReports.Written w = RunReports.rebuild(dir);
        line(
                "harness report DIR: RunReports.rebuild",
                t,
                "reads " + mb(Files.size(dir.resolve(RunOutputs.REQUESTS_PARQUET))) + " of requests.parquet");
        System.out.printf(
                Locale.ROOT,
                "# %,d requests, report.html %s, %d files written, problems: %s, dir %s%n",
                n,
                mb(Files.size(w.html())),
                w.files().size(),
                w.problems(),
                dir);
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static long cpuStartNs;

    /** Starts timing a step: wall clock and this thread's CPU time (the steps run on this thread). */
    private static long start() {
        cpuStartNs = THREADS.getCurrentThreadCpuTime();
        return System.nanoTime();
    }

    /** One line: wall seconds, CPU seconds of this thread (about what a quiet machine takes), a note. */
    private static void line(String what, long startNs, String note) {
        System.out.printf(
                Locale.ROOT,
                "%-58s %7.2f s wall %7.2f s cpu  %s%n",
                what,
                (System.nanoTime() - startNs) / 1e9,
                (THREADS.getCurrentThreadCpuTime() - cpuStartNs) / 1e9,
                note);
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.2f MB", bytes / 1e6);
    }

    private static long folderSize(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
