package io.llmharness.cli;

import io.llmharness.error.HarnessException;
import io.llmharness.report.compare.CompareHtml;
import io.llmharness.report.compare.Comparison;
import io.llmharness.report.render.TextReport;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code harness compare DIR1 DIR2 [...]}: the headline metrics of runs side by side with deltas against the first,
 * on the terminal, and as an HTML page with one overlaid chart per metric.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = "Put runs side by side: headline metrics with deltas against the first run, and overlaid"
                + " charts (HTML).")
public final class CompareCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "DIR", description = "Run directories; the first is the baseline.")
    List<Path> dirs;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            defaultValue = "compare.html",
            description = "Where to write the HTML page (default: ${DEFAULT-VALUE}).")
    Path output;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Comparison c = Comparison.of(dirs);
        for (Comparison.Run r : c.runs()) {
            out.println(r.label() + " = " + r.doc().runId() + " (" + r.doc().dir() + ")");
        }
        out.println();
        TextReport.table(c.table()).forEach(out::println);
        try {
            Path parent = output.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(output, CompareHtml.render(c), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw HarnessException.execution(
                    "--output " + output + ": cannot write the page (" + e.getMessage() + ")", e);
        }
        out.println();
        out.println("Charts: " + output);
        out.flush();
        return ExitCodes.OK;
    }
}
