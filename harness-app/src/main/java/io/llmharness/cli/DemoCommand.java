package io.llmharness.cli;

import io.llmharness.cli.run.OutputFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.report.format.HtmlFormat;
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
        for (RunResult r : outcome.results()) {
            switch (r.outcome()) {
                case VALID, ACCURACY_DONE -> {}
                case INVALID -> {
                    return ExitCodes.RESULT_INVALID;
                }
                case INTERRUPTED -> {
                    return ExitCodes.INTERRUPTED;
                }
                case FAILED -> throw HarnessException.execution(r.failure());
            }
        }
        console.result("");
        console.result(String.format(
                Locale.ROOT,
                "Both runs VALID in %.0f s. Files: %s. Next: ./harness run --help, docs/run.md",
                seconds,
                outcome.dir()));
        List<Path> reports = outcome.results().stream()
                .map(r -> r.runDir().resolve(HtmlFormat.FILE))
                .filter(Files::isRegularFile)
                .toList();
        if (!reports.isEmpty()) {
            for (int i = 0; i < reports.size() - 1; i++) {
                console.result("Report ("
                        + outcome.results()
                                .get(i)
                                .spec()
                                .benchmark()
                                .loadGen()
                                .scenario()
                                .displayName() + "): " + reports.get(i));
            }
            console.result("Report: " + reports.get(reports.size() - 1));
        }
        return ExitCodes.OK;
    }
}
