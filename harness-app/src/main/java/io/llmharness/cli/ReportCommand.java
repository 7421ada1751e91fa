package io.llmharness.cli;

import io.llmharness.report.render.PngFormat;
import io.llmharness.report.render.RunReports;
import io.llmharness.report.render.TextReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code harness report DIR...}: rebuilds summary.json, report.html and charts/*.png of run directories from their
 * recorded requests and scrapes, so old runs get new charts. Exit code 0, 3 when a directory is not a run
 * directory, 1 when a report format could not be written.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Rebuild summary.json, report.html and charts/*.png of run directories from what they recorded.")
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Run directories, e.g. harness_output/<run-id>.")
    List<Path> dirs;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int exit = ExitCodes.OK;
        for (Path dir : dirs) {
            RunReports.Written w = RunReports.rebuild(dir);
            if (w.view() != null) {
                TextReport.lines(w.view()).forEach(out::println);
            }
            long pngs = w.files().stream()
                    .filter(f -> f.getParent().getFileName().toString().equals(PngFormat.DIR))
                    .count();
            out.println("  summary.json rebuilt; " + pngs + " charts in " + dir.resolve(PngFormat.DIR));
            if (w.html() != null) {
                out.println("  Report: " + w.html());
            }
            for (String p : w.problems()) {
                err.println("harness: " + dir + ": " + p);
                exit = ExitCodes.EXECUTION_FAILURE;
            }
            out.flush();
            err.flush();
        }
        return exit;
    }
}
