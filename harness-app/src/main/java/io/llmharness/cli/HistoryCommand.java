package io.llmharness.cli;

import io.llmharness.error.HarnessException;
import io.llmharness.report.history.HistoryEntry;
import io.llmharness.report.history.HistoryLocation;
import io.llmharness.report.history.RunHistory;
import io.llmharness.report.render.TextReport;
import io.llmharness.report.view.Format;
import io.llmharness.report.view.ReportTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness history}: the last runs from the run history, newest first, filtered by benchmark, scenario, model
 * or servers; {@code --add DIR} adds run directories made elsewhere (or before the history existed).
 */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description = "List the last runs from the run history (a DuckDB file every finished run is added to).")
public final class HistoryCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--history",
            paramLabel = "FILE",
            description = "The history file (default: $HARNESS_HISTORY, else ~/.llm-harness/history.duckdb).")
    String history;

    @Option(
            names = {"-n", "--last"},
            paramLabel = "N",
            defaultValue = "20",
            description = "Show the last N runs (default: ${DEFAULT-VALUE}).")
    int last;

    @Option(names = "--benchmark", paramLabel = "TEXT", description = "Only runs whose benchmark contains TEXT.")
    String benchmark;

    @Option(names = "--scenario", paramLabel = "TEXT", description = "Only runs whose scenario contains TEXT.")
    String scenario;

    @Option(names = "--model", paramLabel = "TEXT", description = "Only runs whose model contains TEXT.")
    String model;

    @Option(
            names = "--server-config",
            paramLabel = "TEXT",
            description = "Only runs whose servers (URLs, server config, simulator) contain TEXT.")
    String target;

    @Option(names = "--add", paramLabel = "DIR", description = "Add a run directory to the history first (repeatable).")
    List<Path> add = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (last < 1) {
            throw HarnessException.usage("--last " + last + ": must be at least 1");
        }
        Path db = HistoryLocation.resolve(history)
                .orElseThrow(() -> HarnessException.usage("the run history is off (--history or $" + HistoryLocation.ENV
                        + " is 'off'); give a file with --history FILE"));
        for (Path dir : add) {
            try {
                RunHistory.append(db, dir);
                out.println("added " + dir);
            } catch (IOException e) {
                throw HarnessException.execution(e.getMessage(), e);
            }
        }
        List<HistoryEntry> entries;
        try {
            entries = RunHistory.list(db, new RunHistory.Filter(benchmark, scenario, model, target), last);
        } catch (IOException e) {
            throw HarnessException.execution(e.getMessage(), e);
        }
        if (entries.isEmpty()) {
            out.println(Files.isRegularFile(db) ? "no run in " + db + " matches" : "no run recorded yet in " + db);
        } else {
            TextReport.table(table(entries)).forEach(out::println);
            out.println();
            out.println(entries.size() + " runs from " + db + " (DuckDB; table 'runs', e.g. duckdb " + db
                    + " \"SELECT * FROM runs\")");
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static ReportTable table(List<HistoryEntry> entries) {
        List<List<String>> rows = new ArrayList<>();
        for (HistoryEntry e : entries) {
            rows.add(List.of(
                    e.finishedAt() == null
                            ? "–"
                            : e.finishedAt().toString().replace('T', ' ').replaceAll("\\..*", ""),
                    e.runId(),
                    dash(e.benchmark()),
                    dash(e.scenario()),
                    dash(e.model()),
                    dash(e.result()),
                    num(e.requestsPerSecond()),
                    num(e.outputTokensPerSecond()),
                    num(e.ttftP99Ms()),
                    num(e.tpotP99Ms()),
                    Format.count(e.failed())));
        }
        return new ReportTable(
                "",
                List.of(
                        "finished (UTC)",
                        "run",
                        "benchmark",
                        "scenario",
                        "model",
                        "result",
                        "req/s",
                        "tok/s",
                        "TTFT p99 ms",
                        "TPOT p99 ms",
                        "failed"),
                rows);
    }

    private static String dash(String s) {
        return s == null ? "–" : s;
    }

    private static String num(Double d) {
        return d == null ? "–" : Format.sig(d);
    }

    /**
     * Adds a finished run to the history named by {@code --history} (or the default); a failure is a warning on
     * {@code err}, never the run's failure.
     */
    static void record(PrintWriter err, String historyFlag, Path runDir) {
        if (runDir == null || !Files.isRegularFile(runDir.resolve("summary.json"))) {
            return;
        }
        try {
            Optional<Path> db = HistoryLocation.resolve(historyFlag);
            if (db.isPresent()) {
                RunHistory.append(db.get(), runDir);
            }
        } catch (IOException | HarnessException e) {
            err.println("harness: warning: " + e.getMessage());
            err.flush();
        }
    }
}
