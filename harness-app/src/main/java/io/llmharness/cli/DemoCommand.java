package io.llmharness.cli;

import io.llmharness.cli.run.OutputFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.report.render.HtmlFormat;
import io.llmharness.run.Demo;
import io.llmharness.run.RunConsole;
import io.llmharness.run.RunControl;
import io.llmharness.run.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code harness demo}: a short, real MLPerf run of llama3.1-8b (Offline, then Server) against the embedded vLLM
 * simulator, on synthetic data. Exit code 0 when both runs are VALID.
 */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = "A short MLPerf run (llama3.1-8b, Offline then Server) against the embedded vLLM simulator.")
public final class DemoCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    OutputFlags output = new OutputFlags();

    @Override
    public Integer call() throws Exception {
        RunConsole console =
                new RunConsole(spec.commandLine().getOut(), spec.commandLine().getErr());
        RunControl control = new RunControl();
        List<String> commandLine = new ArrayList<>(List.of("harness"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        long start = System.nanoTime();
        Demo.Outcome outcome;
        try (AutoCloseable hook = control.installShutdownHook(Duration.ofMinutes(1))) {
            outcome = Demo.run(
                    output.outputDir(), commandLine, RunCommand.version(), output.progress(), console, control);
        } finally {
            control.finished();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        for (RunResult r : outcome.results()) {
            HistoryCommand.record(spec.commandLine().getErr(), output.history(), r.runDir());
        }
        int exit = ExitCodes.OK;
        RunResult failed = null;
        for (RunResult r : outcome.results()) {
            int e = switch (r.outcome()) {
                case VALID, ACCURACY_DONE -> ExitCodes.OK;
                case INVALID -> ExitCodes.RESULT_INVALID;
                case FAILED_SAMPLES -> ExitCodes.FAILED_SAMPLES;
                case INTERRUPTED -> ExitCodes.INTERRUPTED;
                case FAILED -> ExitCodes.EXECUTION_FAILURE;
            };
            if (e != ExitCodes.OK && exit == ExitCodes.OK) {
                exit = e;
                failed = e == ExitCodes.EXECUTION_FAILURE ? r : null;
            }
        }
        console.result("");
        console.result(
                exit == ExitCodes.OK
                        ? String.format(
                                Locale.ROOT,
                                "Both runs VALID in %.0f s. Files: %s. Next: ./harness run --help, docs/run.md",
                                seconds,
                                outcome.dir())
                        : String.format(
                                Locale.ROOT,
                                "Demo finished in %.0f s: %s. Files: %s",
                                seconds,
                                verdicts(outcome),
                                outcome.dir()));
        printReports(console, outcome.results());
        if (failed != null) {
            throw HarnessException.execution(failed.failure());
        }
        return exit;
    }

    /** e.g. {@code Offline VALID, Server INVALID}. */
    private static String verdicts(Demo.Outcome outcome) {
        List<String> out = new ArrayList<>();
        for (RunResult r : outcome.results()) {
            out.add(scenario(r) + " " + r.outcome().name());
        }
        return out.isEmpty() ? "no run finished" : String.join(", ", out);
    }

    private static String scenario(RunResult r) {
        return r.spec().benchmark().loadGen().scenario().displayName();
    }

    /**
     * The report of every run, the last one on the last line: what a user opens next, whatever the verdict (an
     * INVALID or failed run's report shows why).
     */
    private static void printReports(RunConsole console, List<RunResult> results) {
        List<RunResult> with = results.stream()
                .filter(r ->
                        r.runDir() != null && Files.isRegularFile(r.runDir().resolve(HtmlFormat.FILE)))
                .toList();
        for (int i = 0; i < with.size(); i++) {
            Path html = with.get(i).runDir().resolve(HtmlFormat.FILE);
            console.result(
                    i == with.size() - 1 ? "Report: " + html : "Report (" + scenario(with.get(i)) + "): " + html);
        }
    }
}
