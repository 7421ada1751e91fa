package io.llmharness.cli;

import io.llmharness.accuracy.Verdict;
import io.llmharness.cli.run.AccessFlags;
import io.llmharness.cli.run.BenchmarkFlags;
import io.llmharness.cli.run.DatasetFlags;
import io.llmharness.cli.run.LoadGenFlags;
import io.llmharness.cli.run.OutputFlags;
import io.llmharness.cli.run.TargetFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.run.AccuracyAfterRun;
import io.llmharness.run.ComplianceAfterRun;
import io.llmharness.run.ResultLines;
import io.llmharness.run.RunConsole;
import io.llmharness.run.RunControl;
import io.llmharness.run.RunExecutor;
import io.llmharness.run.RunPlanner;
import io.llmharness.run.RunRequest;
import io.llmharness.run.RunResult;
import io.llmharness.run.RunSpec;
import io.llmharness.run.ServerConfigSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness run}: one MLPerf run over HTTP. Everything is validated before any socket opens; then the
 * servers are started or checked, LoadGen drives the HTTP client, and the run directory receives the four MLPerf
 * logs, summary.json, the request tables, config.resolved.yaml and harness.log. Exit code 0 VALID (or accuracy
 * done), 4 INVALID, 5 failed samples, 1 aborted, 130 interrupted, 2 usage, 3 bad input. See docs/run.md.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run an MLPerf benchmark (LoadGen) against vLLM, SGLang or any OpenAI-compatible server.",
            "Example: harness run --model-category llama3.1-8b --dataset-path cnn_eval.json --scenario Server"
                    + " --api-server-url http://localhost:8000 --user-conf user.conf"
        })
public final class RunCommand implements Callable<Integer> {

    /** How long Ctrl-C waits for the interrupted run to write its files before the JVM exits. */
    private static final Duration INTERRUPT_WAIT = Duration.ofMinutes(2);

    @Spec
    CommandSpec spec;

    @Mixin
    BenchmarkFlags benchmark = new BenchmarkFlags();

    @Mixin
    DatasetFlags dataset = new DatasetFlags();

    @Mixin
    TargetFlags target = new TargetFlags();

    @Mixin
    AccessFlags access = new AccessFlags();

    @Mixin
    LoadGenFlags loadgen = new LoadGenFlags();

    @Mixin
    OutputFlags output = new OutputFlags();

    @Mixin
    ServerOptions server = new ServerOptions();

    @Option(names = "--enable-metrics", description = "Scrape the servers' /metrics into server_metrics.parquet.")
    boolean enableMetrics;

    @Option(
            names = "--metrics-interval",
            paramLabel = "SECONDS",
            defaultValue = "15",
            description = "Seconds" + " between two /metrics scrapes (default: ${DEFAULT-VALUE}).")
    double metricsInterval;

    @Option(
            names = "--debug-mode",
            description = "Verify and report that no server process is left behind"
                    + " (servers started with --server-config).")
    boolean debugMode;

    @Override
    public Integer call() {
        RunConsole console =
                new RunConsole(spec.commandLine().getOut(), spec.commandLine().getErr());
        RunSpec plan = RunPlanner.plan(request());
        RunControl control = new RunControl();
        try (AutoCloseable hook = control.installShutdownHook(INTERRUPT_WAIT)) {
            RunResult result = RunExecutor.execute(plan, console, control);
            HistoryCommand.record(spec.commandLine().getErr(), output.history(), result.runDir());
            return report(console, result);
        } catch (HarnessException e) {
            // printed here, before finished(): on Ctrl-C the JVM may exit as soon as the shutdown hook is let go
            return Main.printError(spec.commandLine().getErr(), e);
        } catch (Exception e) {
            return Main.printError(spec.commandLine().getErr(), HarnessException.execution("run failed: " + e, e));
        } finally {
            control.finished();
        }
    }

    /**
     * Prints the key lines, scores an accuracy run or verifies a compliance run (TEST06, TEST07, TEST09), and maps the
     * outcome to the exit code (an accuracy run that fails its targets and a compliance run that fails verification
     * exit with 4, like an INVALID performance run; a compliance run's own performance verdict does not count).
     */
    static int report(RunConsole console, RunResult result) {
        ResultLines.of(result).forEach(console::result);
        if (ComplianceAfterRun.applies(result)) {
            Boolean passed = ComplianceAfterRun.verify(result, console, System.getenv());
            if (passed != null && result.outcome() != RunResult.Outcome.FAILED_SAMPLES) {
                return passed ? ExitCodes.OK : ExitCodes.RESULT_INVALID;
            }
        }
        if (result.filesProblem() != null) {
            // after the result (it needs no disk): what could not be written, and the run failed
            console.note("harness: " + result.filesProblem());
            if (result.outcome() != RunResult.Outcome.INTERRUPTED && result.outcome() != RunResult.Outcome.FAILED) {
                return ExitCodes.EXECUTION_FAILURE;
            }
        }
        Verdict.Status accuracy = AccuracyAfterRun.score(result, console, System.getenv());
        return switch (result.outcome()) {
            case VALID -> ExitCodes.OK;
            case ACCURACY_DONE -> accuracy == Verdict.Status.FAIL ? ExitCodes.RESULT_INVALID : ExitCodes.OK;
            case INVALID -> ExitCodes.RESULT_INVALID;
            case FAILED_SAMPLES -> ExitCodes.FAILED_SAMPLES;
            case INTERRUPTED -> ExitCodes.INTERRUPTED;
            case FAILED -> throw HarnessException.execution(result.failure());
        };
    }

    private RunRequest request() {
        if (!(metricsInterval > 0)) {
            throw HarnessException.usage(
                    "--metrics-interval " + metricsInterval + ": must be a positive number of seconds");
        }
        Map<String, String> env = System.getenv();
        ServerConfigSource servers = server.requested(env) ? fallbacks -> server.load(env, fallbacks, true) : null;
        List<String> commandLine = new ArrayList<>(List.of("harness"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        return new RunRequest(
                benchmark.toOptions(),
                dataset.toRequest(),
                target.toRequest(servers),
                loadgen.toRequest(),
                target.toSutRequest(),
                new RunRequest.OutputRequest(
                        output.outputDir(), null, commandLine, version(), output.progress(), false),
                new RunRequest.MetricsRequest(enableMetrics, Duration.ofMillis((long) (metricsInterval * 1000))),
                debugMode,
                access.toRequest(env));
    }

    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
