package io.llmharness.cli;

import io.llmharness.cli.bench.BenchTargetFlags;
import io.llmharness.cli.bench.FailureFlags;
import io.llmharness.cli.bench.HealthFlags;
import io.llmharness.cli.bench.ProfileFlags;
import io.llmharness.cli.bench.RunFlags;
import io.llmharness.cli.bench.TraceFlags;
import io.llmharness.cli.run.AccessFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.run.RunConsole;
import io.llmharness.run.bench.BenchAccess;
import io.llmharness.run.bench.BenchControl;
import io.llmharness.run.bench.BenchExecutor;
import io.llmharness.run.bench.BenchRequest;
import io.llmharness.run.bench.NopBench;
import io.llmharness.secret.Secrets;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileLocator;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code harness bench}: runs an llm-d-benchmark workload profile (inference-perf, guidellm or vllm-benchmark) on
 * the harness's own client, per stage, and writes inference-perf's lifecycle files, llm-d Benchmark Reports,
 * vLLM-style results, summary.json and the request tables; {@code -l nop} reports on a vLLM server's start-up log
 * instead (docs/nop.md). Exit code 0 done, 1 the server stopped answering, 2 usage, 3 bad profile (or, for nop, a
 * log without a vLLM start-up), 5 a larger share of failed requests than {@code --max-failure-rate}, 130 interrupted (files written with what was measured). See docs/bench.md.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run an llm-d-benchmark workload profile (stages, arrival process, synthetic or ShareGPT data).",
            "Example: harness bench -l inference-perf -w sanity_random -o min=20,total_count=200 --simulate",
            "         harness bench --trace t.jsonl --trace-format mooncake --speedup 2 --endpoint URL   (trace replay)",
            "         harness bench -l nop --server-log server.log   (vLLM start-up and model-load times)"
        })
public final class BenchCommand implements Callable<Integer> {

    /** Flags that shape a load, which the nop harness does not send. */
    private static final List<String> LOAD_ONLY_FLAGS = List.of(
            "--tokenizer",
            "--seed",
            "--slo",
            "--warmup-requests",
            "--warmup-seconds",
            "--jit-nice",
            "--max-consecutive-failures",
            "--max-retries",
            "--max-failure-rate",
            "--shard",
            "--start-at",
            "--enable-metrics",
            "--metrics-interval",
            "--history",
            "--trace",
            "--session-id-header",
            "--session-token-header",
            HealthFlags.FLAG);

    /** How long Ctrl-C waits for the interrupted run to write its files. */
    private static final Duration INTERRUPT_WAIT = Duration.ofMinutes(2);

    @Spec
    CommandSpec spec;

    @Mixin
    ProfileFlags profile = new ProfileFlags();

    @Mixin
    BenchTargetFlags target = new BenchTargetFlags();

    @Mixin
    RunFlags run = new RunFlags();

    @Mixin
    AccessFlags access = new AccessFlags();

    @Mixin
    FailureFlags failures = new FailureFlags();

    @Mixin
    TraceFlags trace = new TraceFlags();

    @Mixin
    HealthFlags health = new HealthFlags();

    private final Map<String, String> env;
    private final ProfileLocator locator;
    private final Path home;
    private final BenchControl control;

    /** The command as the CLI builds it: the process environment, {@code -Dharness.home}, the user's home. */
    public BenchCommand() {
        this(
                System.getenv(),
                ProfileLocator.fromSystemProperty(),
                Path.of(System.getProperty("user.home")),
                new BenchControl());
    }

    /**
     * A command with its surroundings given (tests: an environment map, a home folder for the Hugging Face cache, a
     * control to interrupt).
     */
    public BenchCommand(Map<String, String> env, ProfileLocator locator, Path home, BenchControl control) {
        this.env = Map.copyOf(env);
        this.locator = locator;
        this.home = home;
        this.control = control;
    }

    @Override
    public Integer call() {
        RunConsole console =
                new RunConsole(spec.commandLine().getOut(), spec.commandLine().getErr());
        run.validate();
        health.thresholds(); // a bad threshold is a usage error before anything runs
        HarnessKind harness = profile.harness(env);
        if (!harness.generatesLoad() && harness != HarnessKind.NOP) {
            throw HarnessException.usage("the " + harness.dirName() + " harness is not supported yet; use"
                    + " inference-perf, guidellm, vllm-benchmark or nop");
        }
        BenchRequest.ProfileChoice choice = profile.toChoice(harness, env);
        List<String> matched = spec.commandLine().getParseResult().matchedOptions().stream()
                .map(o -> o.longestName())
                .toList();
        List<String> models = target.models(env);
        List<String> commandLine = new ArrayList<>(List.of("harness", "bench"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        commandLine = Secrets.redactArgs(commandLine);
        if (harness == HarnessKind.NOP) {
            List<String> loadOnly = java.util.stream.Stream.concat(
                            LOAD_ONLY_FLAGS.stream(), TraceFlags.REPLAY_FLAGS.stream())
                    .filter(f -> spec.commandLine().getParseResult().hasMatchedOption(f))
                    .toList();
            if (!loadOnly.isEmpty()) {
                throw HarnessException.usage(String.join(", ", loadOnly) + ": the nop harness sends no load; drop "
                        + (loadOnly.size() == 1 ? "it" : "them"));
            }
            if (models.size() > 1) {
                throw HarnessException.usage(
                        "the nop harness reports on one server log: name one model, not " + String.join(", ", models));
            }
            return NopBench.execute(request(choice, models.get(0), commandLine, matched), console);
        }
        if (target.serverLog() != null || target.serverPod() != null) {
            throw HarnessException.usage((target.serverLog() != null ? "--server-log" : "--server-pod")
                    + " is read by the nop harness only (-l nop); the " + harness.dirName()
                    + " harness sends load and reads no log");
        }
        int exit = ExitCodes.OK;
        try (AutoCloseable hook = control.installShutdownHook(INTERRUPT_WAIT)) {
            for (String model : models) {
                BenchRequest req = request(choice, model, commandLine, matched);
                BenchExecutor.Outcome o = BenchExecutor.execute(req, console, control, models.size() > 1);
                BenchExecutor.printResults(console, o);
                HistoryCommand.record(spec.commandLine().getErr(), run.history(), o.runDir());
                if (o.interrupted()) {
                    return ExitCodes.INTERRUPTED;
                }
                if (o.failure() != null) {
                    console.note("harness: " + o.failure());
                    exit = ExitCodes.EXECUTION_FAILURE;
                } else if (o.verdict() != null && o.verdict().failedRun() && exit == ExitCodes.OK) {
                    exit = ExitCodes.FAILED_SAMPLES;
                }
            }
            return exit;
        } catch (HarnessException e) {
            // printed here, before finished(): on Ctrl-C the JVM may exit as soon as the shutdown hook is let go
            return Main.printError(spec.commandLine().getErr(), e);
        } catch (Exception e) {
            return Main.printError(spec.commandLine().getErr(), HarnessException.execution("bench failed: " + e, e));
        } finally {
            control.finished();
        }
    }

    private BenchRequest request(
            BenchRequest.ProfileChoice choice, String model, List<String> commandLine, List<String> matched) {
        return new BenchRequest(
                choice,
                target.toChoice(model, env),
                new BenchRequest.RunOptions(
                        run.outputDir(),
                        run.dryRun(),
                        run.seed(),
                        run.warmupRequests(),
                        run.warmupTime(),
                        run.slos(),
                        run.maxConsecutiveFailures(),
                        run.maxRetries(),
                        commandLine,
                        RunCommand.version(),
                        run.shard(),
                        run.startAt(),
                        run.metricsInterval(),
                        health.thresholds(),
                        run.jitNice()),
                new BenchRequest.Env(env, locator, home),
                new BenchAccess(
                        access.toRequest(env),
                        failures.maxFailureRate(),
                        trace.sessionIdHeader(),
                        trace.sessionTokenHeader()),
                trace.toChoice(matched));
    }
}
