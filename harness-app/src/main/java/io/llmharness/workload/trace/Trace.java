package io.llmharness.workload.trace;

import java.util.List;

/**
 * A trace read from a file, rows in the order of their offsets (a session's turns in their order).
 *
 * @param source the file, as the user named it (for messages)
 * @param format the format it was read as
 * @param blockSize tokens per KV block that the rows' {@code hashIds} stand for
 * @param requests the rows kept
 * @param skipped rows the reader left out on purpose (for BurstGPT, failed requests with 0 response tokens, and rows
 *     the model or log-type filters excluded), counted so that a summary can say so
 */
public record Trace(String source, TraceFormat format, int blockSize, List<TraceRequest> requests, long skipped) {

    /** Mooncake's KV block size: one hash id per 512 prompt tokens. */
    public static final int DEFAULT_BLOCK_SIZE = 512;

    public Trace {
        requests = List.copyOf(requests);
    }
}
