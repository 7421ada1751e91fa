package io.llmharness.cli;

import io.llmharness.cli.bench.ProfileFlags;
import io.llmharness.cli.bench.RunFlags;
import io.llmharness.cli.bench.TargetFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.run.RunConsole;
import io.llmharness.run.bench.BenchControl;
import io.llmharness.run.bench.BenchExecutor;
import io.llmharness.run.bench.BenchRequest;
import io.llmharness.run.bench.TokenizerResolver;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileLocator;
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
 * vLLM-style results, summary.json and the request tables. Exit code 0 done, 1 the server stopped answering, 2
 * usage, 3 bad profile, 130 interrupted (files written with what was measured). See docs/bench.md.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run an llm-d-benchmark workload profile (stages, arrival process, synthetic or ShareGPT data).",
            "Example: harness bench -l inference-perf -w sanity_random -o min=20,total_count=200 --simulate"
        })
public final class BenchCommand implements Callable<Integer> {

    /** How long Ctrl-C waits for the interrupted run to write its files. */
    private static final Duration INTERRUPT_WAIT = Duration.ofMinutes(2);

    @Spec
    CommandSpec spec;

    @Mixin
    ProfileFlags profile = new ProfileFlags();

    @Mixin
    TargetFlags target = new TargetFlags();

    @Mixin
    RunFlags run = new RunFlags();

    private final Map<String, String> env;
    private final ProfileLocator locator;
    private final TokenizerResolver tokenizers;
    private final BenchControl control;

    /** The command as the CLI builds it: the process environment, {@code -Dharness.home}, built-in tokenizers. */
    public BenchCommand() {
        this(System.getenv(), ProfileLocator.fromSystemProperty(), TokenizerResolver.BUILT_IN, new BenchControl());
    }

    /** A command with its surroundings given (tests: an environment map, a tokenizer, a control to interrupt). */
    public BenchCommand(
            Map<String, String> env, ProfileLocator locator, TokenizerResolver tokenizers, BenchControl control) {
        this.env = Map.copyOf(env);
        this.locator = locator;
        this.tokenizers = tokenizers;
        this.control = control;
    }

    @Override
    public Integer call() {
        RunConsole console =
                new RunConsole(spec.commandLine().getOut(), spec.commandLine().getErr());
        run.validate();
        HarnessKind harness = profile.harness(env);
        if (!harness.generatesLoad()) {
            throw HarnessException.usage("the " + harness.dirName() + " harness is not supported yet; use"
                    + " inference-perf, guidellm or vllm-benchmark");
        }
        BenchRequest.ProfileChoice choice = profile.toChoice(harness, env);
        List<String> models = target.models(env);
        List<String> commandLine = new ArrayList<>(List.of("harness", "bench"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        int exit = ExitCodes.OK;
        try (AutoCloseable hook = control.installShutdownHook(INTERRUPT_WAIT)) {
            for (String model : models) {
                BenchRequest req = new BenchRequest(
                        choice,
                        target.toChoice(model, env),
                        new BenchRequest.RunOptions(
                                run.outputDir(),
                                run.dryRun(),
                                run.seed(),
                                run.warmupRequests(),
                                run.slos(),
                                run.maxConsecutiveFailures(),
                                run.maxRetries(),
                                commandLine,
                                RunCommand.version()),
                        new BenchRequest.Env(env, locator, tokenizers));
                BenchExecutor.Outcome o = BenchExecutor.execute(req, console, control, models.size() > 1);
                BenchExecutor.printResults(console, o);
                if (o.interrupted()) {
                    return ExitCodes.INTERRUPTED;
                }
                if (o.failure() != null) {
                    console.note("harness: " + o.failure());
                    exit = ExitCodes.EXECUTION_FAILURE;
                }
            }
            return exit;
        } catch (HarnessException e) {
            throw e;
        } catch (Exception e) {
            throw HarnessException.execution("bench failed: " + e, e);
        } finally {
            control.finished();
        }
    }
}
