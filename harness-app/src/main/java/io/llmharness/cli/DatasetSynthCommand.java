package io.llmharness.cli;

import io.llmharness.accuracy.synth.SyntheticBenchmarkData;
import io.llmharness.benchmark.BenchmarkRegistry;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness dataset synth}: a synthetic dataset of a benchmark's shape and size for dry runs of the whole flow;
 * answered by {@code harness sim --answers FILE}, an accuracy run scores at the reference values. See
 * docs/accuracy.md.
 */
@Command(
        name = "synth",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Write a synthetic dataset of a benchmark's shape and full size (prompt ids, reference outputs sized so"
                    + " that answering with them gives the reference gen_len / tokens per sample).",
            "Example: harness dataset synth --model-category llama3.1-8b --output cnn_synth.json"
        })
public final class DatasetSynthCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = "--model-category",
            required = true,
            paramLabel = "NAME",
            description = "Benchmark: " + "llama3.1-8b, llama3.1-8b-edge, llama2-70b or llama3.1-405b.")
    String modelCategory;

    @Option(
            names = "--rows",
            paramLabel = "N",
            defaultValue = "0",
            description = "Rows to write (default: the benchmark's full size).")
    int rows;

    @Option(names = "--output", required = true, paramLabel = "FILE", description = "The dataset file (*.json).")
    Path output;

    @Option(
            names = "--seed",
            paramLabel = "N",
            defaultValue = "1",
            description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        String category = BenchmarkRegistry.builtIn().byCategory(modelCategory).category();
        SyntheticBenchmarkData.Written w = SyntheticBenchmarkData.write(category, rows, output, seed);
        PrintWriter out = spec.commandLine().getOut();
        out.println(String.format(
                Locale.ROOT,
                "%s: %d synthetic %s rows (reference column '%s': %d characters, %d simulator tokens with EOS,"
                        + " %.2f per row)",
                w.file(),
                w.rows(),
                category,
                w.targetColumn(),
                w.outputChars(),
                w.outputTokens(),
                w.outputTokens() / (double) w.rows()));
        out.println("Answer with: harness sim --answers " + w.file() + " (or harness run --simulate --simulate-answers "
                + w.file() + ")");
        out.flush();
        return ExitCodes.OK;
    }
}
