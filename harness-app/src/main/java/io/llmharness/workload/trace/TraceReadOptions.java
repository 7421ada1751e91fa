package io.llmharness.workload.trace;

import io.llmharness.error.HarnessException;
import java.util.Set;

/**
 * How to read a trace.
 *
 * @param blockSize tokens per KV block that a row's hash ids stand for ({@code --trace-block-size})
 * @param models BurstGPT only: keep rows whose {@code Model} is one of these (case-insensitive); empty = all
 * @param logTypes BurstGPT only: keep rows whose {@code Log Type} is one of these (case-insensitive); empty = all
 */
public record TraceReadOptions(int blockSize, Set<String> models, Set<String> logTypes) {

    public TraceReadOptions {
        if (blockSize < 1) {
            throw HarnessException.usage(
                    "--trace-block-size must be a positive number of tokens, got " + blockSize + "; Mooncake uses 512");
        }
        models = Set.copyOf(models);
        logTypes = Set.copyOf(logTypes);
    }

    /** Block size {@link Trace#DEFAULT_BLOCK_SIZE}, no filters. */
    public static TraceReadOptions defaults() {
        return new TraceReadOptions(Trace.DEFAULT_BLOCK_SIZE, Set.of(), Set.of());
    }

    /** These options with another block size. */
    public TraceReadOptions withBlockSize(int size) {
        return new TraceReadOptions(size, models, logTypes);
    }
}
