package io.llmharness.cli.bench;

import io.llmharness.workload.trace.TraceReadOptions;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * BurstGPT's row filters, {@code --trace-model} and {@code --trace-log-type}: one definition for {@code harness bench
 * --trace} and {@code harness trace analyze}, so both read a trace the same way.
 */
public final class BurstGptFilterFlags {

    @Option(
            names = "--trace-model",
            paramLabel = "NAME",
            split = ",",
            description = "BurstGPT: use rows of these models only (repeatable, comma-separated).")
    List<String> models = List.of();

    @Option(
            names = "--trace-log-type",
            paramLabel = "TYPE",
            split = ",",
            description = "BurstGPT: use rows of these log types only, e.g. 'Conversation log' or 'API log'.")
    List<String> logTypes = List.of();

    /** How to read a trace whose hash ids stand for {@code blockSize} tokens, with these filters. */
    public TraceReadOptions readOptions(int blockSize) {
        return new TraceReadOptions(blockSize, names(models), names(logTypes));
    }

    private static Set<String> names(List<String> given) {
        Set<String> out = new LinkedHashSet<>();
        for (String n : given) {
            if (!n.isBlank()) {
                out.add(n.strip());
            }
        }
        return out;
    }
}
