package io.llmharness.cli;

import io.llmharness.run.RunConsole;
import io.llmharness.run.bench.ShardMerge;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code harness merge DIR...}: one run directory from the shards of a sharded {@code harness bench} run. Exit code
 * 0 merged, 2 usage, 3 the directories are not the shards of one run (one line says which and what differs), 1 a
 * file could not be written. See docs/bench.md.
 */
@Command(
        name = "merge",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Merge the run directories of 'harness bench --shard I/N' into one run directory with the files of a"
                    + " single run: exact counts, token totals and rates, percentiles from the summed histograms,"
                    + " and a per-shard table with each shard's clock offset.",
            "Example: harness merge harness_output/shard0 harness_output/shard1 harness_output/shard2"
        })
public final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            arity = "1..*",
            paramLabel = "DIR",
            description =
                    "A shard's run directory (holding shard.json), or a directory holding shards' run directories.")
    List<Path> dirs = new ArrayList<>();

    @Option(
            names = "--output-dir",
            paramLabel = "D",
            defaultValue = "harness_output",
            description = "The merged run goes into D/<run-id>-merged/ (default: ${DEFAULT-VALUE}).")
    Path outputDir;

    @Option(
            names = "--allow-missing",
            description = "Merge the shards that are here when some are missing (the summary says which).")
    boolean allowMissing;

    @Option(
            names = "--max-clock-offset-ms",
            paramLabel = "MS",
            defaultValue = "250",
            description = "Warn about a shard whose clock is further than MS from the server's (beyond the"
                    + " measurement's uncertainty) (default: ${DEFAULT-VALUE}).")
    double maxClockOffsetMs;

    /**
     * {@code harness k8s run -j N}'s merge of the collected launcher directories, with the defaults of this command;
     * the merged run directory goes into {@code outputDir}.
     */
    static Path mergeCollected(List<Path> dirs, Path outputDir, PrintWriter out, PrintWriter err) {
        List<String> commandLine = new ArrayList<>(List.of("harness", "merge"));
        dirs.forEach(d -> commandLine.add(d.toString()));
        commandLine.addAll(List.of("--output-dir", outputDir.toString()));
        return ShardMerge.execute(
                new ShardMerge.Request(
                        dirs,
                        outputDir,
                        false,
                        ShardMerge.DEFAULT_MAX_CLOCK_OFFSET_MS,
                        RunCommand.version(),
                        commandLine),
                new RunConsole(out, err));
    }

    @Override
    public Integer call() {
        RunConsole console =
                new RunConsole(spec.commandLine().getOut(), spec.commandLine().getErr());
        if (!(maxClockOffsetMs >= 0)) {
            throw io.llmharness.error.HarnessException.usage(
                    "--max-clock-offset-ms " + maxClockOffsetMs + ": expected a number of milliseconds >= 0");
        }
        List<String> commandLine = new ArrayList<>(List.of("harness", "merge"));
        commandLine.addAll(spec.commandLine().getParseResult().originalArgs());
        ShardMerge.execute(
                new ShardMerge.Request(
                        dirs, outputDir, allowMissing, maxClockOffsetMs, RunCommand.version(), commandLine),
                console);
        return ExitCodes.OK;
    }
}
