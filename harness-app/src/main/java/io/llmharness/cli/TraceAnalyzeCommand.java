package io.llmharness.cli;

import io.llmharness.cli.bench.BurstGptFilterFlags;
import io.llmharness.error.HarnessException;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceReadOptions;
import io.llmharness.workload.trace.TraceReaders;
import io.llmharness.workload.trace.TraceStatistics;
import io.llmharness.workload.trace.TraceStatisticsText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code harness trace analyze FILE}: request count, duration, arrival rate and burstiness, length percentiles,
 * sessions and the prefix-cache hit rate a trace allows, as a table and optionally JSON.
 */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Describe a trace: requests, duration, arrival rate over time and its peak, burstiness, input/output"
                    + " length percentiles, sessions and turns, and the prefix-cache hit rate its hash ids allow.",
            "Example: harness trace analyze mooncake.jsonl --json stats.json"
        })
public final class TraceAnalyzeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The trace file.")
    Path file;

    @Option(
            names = "--trace-format",
            paramLabel = "F",
            description = "mooncake, azure, burstgpt or records (default: from the file name or CSV header).")
    String format;

    @Option(
            names = "--trace-block-size",
            paramLabel = "N",
            defaultValue = "512",
            description = "Tokens per KV block a hash id stands for (default: ${DEFAULT-VALUE}).")
    int blockSize;

    @Mixin
    BurstGptFilterFlags filters = new BurstGptFilterFlags();

    @Option(names = "--json", paramLabel = "OUT", description = "Also write the statistics as JSON to OUT.")
    Path json;

    @Override
    public Integer call() {
        if (json != null && Files.isDirectory(json)) {
            throw HarnessException.usage("--json " + json + " is a directory; give the file to write, e.g. "
                    + json.resolve("trace_stats.json"));
        }
        Trace trace = read(file, format, filters.readOptions(blockSize));
        TraceStatistics s = TraceStatistics.of(trace);
        PrintWriter out = spec.commandLine().getOut();
        out.print(TraceStatisticsText.table(trace, s));
        if (json != null) {
            try {
                Path parent = json.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                Files.writeString(json, TraceStatisticsText.json(trace, s), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw HarnessException.execution("Cannot write " + json + ": " + e.getMessage(), e);
            }
            out.println("JSON: " + json);
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** Reads a trace with the command-line options ({@code format} null = detect it). */
    static Trace read(Path file, String format, TraceReadOptions options) {
        if (!Files.exists(file)) {
            throw HarnessException.config("Trace file not found: " + file + "; check the path");
        }
        if (format == null) {
            return TraceReaders.read(file, options);
        }
        TraceFormat f = TraceFormat.byName(format)
                .orElseThrow(() -> HarnessException.usage(
                        "--trace-format " + format + " is not a trace format; use " + TraceReaders.formatNames()));
        return TraceReaders.read(file, f, options);
    }
}
