package io.llmharness.cli;

import io.llmharness.cli.bench.ProfileFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.run.bench.BenchRequest;
import io.llmharness.run.bench.BenchTraceSynth;
import io.llmharness.workload.HarnessKind;
import io.llmharness.workload.ProfileLocator;
import io.llmharness.workload.trace.MooncakeWriter;
import io.llmharness.workload.trace.TraceRequest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness trace synth}: the requests a workload profile would send (arrival times, prompt and answer lengths,
 * hash ids per KV block), written as a Mooncake trace that {@code harness trace analyze} and a replay read unchanged.
 */
@Command(
        name = "synth",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Write the requests a workload profile would send as a Mooncake trace (timestamps from its stages'"
                    + " arrival plans, lengths and hash ids from its data section); nothing is sent.",
            "Example: harness trace synth -w sanity_random -o total_count=50 --output sanity.jsonl"
        })
public final class TraceSynthCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ProfileFlags profile = new ProfileFlags();

    @Option(
            names = {"-m", "--model"},
            paramLabel = "NAME",
            description = "The model the profile's requests name (fills its model variables; default: the profile's).")
    String model;

    @Option(
            names = "--tokenizer",
            paramLabel = "NAME|PATH",
            description = "Tokenizer for prompt lengths, as bench takes it (default: the profile's, else the model's;"
                    + " 'synthetic' for the simulator's vocabulary).")
    String tokenizer;

    @Option(names = "--seed", paramLabel = "N", description = "Seed overriding the profile's.")
    Long seed;

    @Option(
            names = "--trace-block-size",
            paramLabel = "N",
            defaultValue = "512",
            description = "Tokens per hash id (default: ${DEFAULT-VALUE}).")
    int blockSize;

    @Option(names = "--output", required = true, paramLabel = "FILE", description = "The trace to write (*.jsonl).")
    Path output;

    private final Map<String, String> env;
    private final ProfileLocator locator;
    private final Path home;

    /** The command as the CLI builds it: the process environment, {@code -Dharness.home}, the user's home. */
    public TraceSynthCommand() {
        this(System.getenv(), ProfileLocator.fromSystemProperty(), Path.of(System.getProperty("user.home")));
    }

    /** A command with its surroundings given (tests). */
    public TraceSynthCommand(Map<String, String> env, ProfileLocator locator, Path home) {
        this.env = Map.copyOf(env);
        this.locator = locator;
        this.home = home;
    }

    @Override
    public Integer call() {
        if (blockSize < 1) {
            throw HarnessException.usage("--trace-block-size must be a positive number of tokens, got " + blockSize);
        }
        if (Files.isDirectory(output)) {
            throw HarnessException.usage("--output " + output + " is a directory; give the trace file to write, e.g. "
                    + output.resolve("trace.jsonl"));
        }
        HarnessKind harness = profile.harness(env);
        BenchRequest req = new BenchRequest(
                profile.toChoice(harness, env),
                new BenchRequest.TargetChoice(model, "--model", null, null, false, tokenizer, null, null),
                new BenchRequest.RunOptions(
                        null,
                        true,
                        seed,
                        0,
                        Duration.ZERO,
                        Map.of(),
                        0,
                        0,
                        List.of("harness", "trace", "synth"),
                        RunCommand.version(),
                        null,
                        null,
                        null,
                        null,
                        null),
                new BenchRequest.Env(env, locator, home));
        BenchTraceSynth.Synthesized s = BenchTraceSynth.synthesize(req, blockSize);
        try {
            Path parent = output.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            MooncakeWriter.write(s.rows(), output);
        } catch (IOException e) {
            throw HarnessException.execution("Cannot write " + output + ": " + e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        s.warnings().forEach(w -> err.println("harness: warning: " + w));
        err.flush();
        List<TraceRequest> rows = s.rows();
        double last = rows.isEmpty() ? 0 : rows.get(rows.size() - 1).offsetNs() / 1e9;
        out.println(String.format(
                Locale.ROOT,
                "%s: %d requests over %.3f s from %s (%s; tokenizer %s; hash ids per %d tokens)",
                output,
                rows.size(),
                last,
                s.profile(),
                s.data(),
                s.tokenizer(),
                blockSize));
        out.println("Inspect with: harness trace analyze " + output + " --trace-block-size " + blockSize);
        out.flush();
        return ExitCodes.OK;
    }
}
