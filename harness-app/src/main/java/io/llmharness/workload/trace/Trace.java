package io.llmharness.workload.trace;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A trace read from a file, rows in the order of their offsets (a session's turns in their order).
 *
 * @param source the file, as the user named it (for messages)
 * @param format the format it was read as
 * @param blockSize tokens per KV block that the rows' {@code hashIds} stand for
 * @param requests the rows kept
 * @param skippedBy rows the reader left out on purpose, by why ({@link #SKIPPED_FAILED}, {@link #SKIPPED_MODEL},
 *     {@link #SKIPPED_LOG_TYPE}, {@link #SKIPPED_NOT_RECORDED}), counted so that a summary can say so
 */
public record Trace(
        String source, TraceFormat format, int blockSize, List<TraceRequest> requests, Map<String, Long> skippedBy) {

    /** Mooncake's KV block size: one hash id per 512 prompt tokens. */
    public static final int DEFAULT_BLOCK_SIZE = 512;

    /** BurstGPT rows with 0 response tokens: requests that failed in the source. */
    public static final String SKIPPED_FAILED = "failed_in_source";

    /** BurstGPT rows of a model {@code --trace-model} leaves out. */
    public static final String SKIPPED_MODEL = "model_filter";

    /** BurstGPT rows of a log type {@code --trace-log-type} leaves out. */
    public static final String SKIPPED_LOG_TYPE = "log_type_filter";

    /** Requests of an earlier run whose token counts were not recorded (they failed before any were counted). */
    public static final String SKIPPED_NOT_RECORDED = "tokens_not_recorded";

    public Trace {
        requests = List.copyOf(requests);
        skippedBy = Map.copyOf(skippedBy);
    }

    /** A trace with {@code skipped} rows left out for a reason not told apart (0 for none). */
    public Trace(String source, TraceFormat format, int blockSize, List<TraceRequest> requests, long skipped) {
        this(source, format, blockSize, requests, skipped == 0 ? Map.of() : Map.of("skipped", skipped));
    }

    /** Rows the reader left out on purpose, whatever the reason. */
    public long skipped() {
        return skippedBy.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The reasons in a fixed order, e.g. {@code 3 failed in the source, 2 by --trace-model}; "" for none. */
    public static String describeSkipped(Map<String, Long> skippedBy) {
        return List.of(SKIPPED_FAILED, SKIPPED_MODEL, SKIPPED_LOG_TYPE, SKIPPED_NOT_RECORDED, "skipped").stream()
                .filter(skippedBy::containsKey)
                .map(k -> skippedBy.get(k) + " "
                        + switch (k) {
                            case SKIPPED_FAILED -> "failed in the source (0 response tokens)";
                            case SKIPPED_MODEL -> "of other models (--trace-model)";
                            case SKIPPED_LOG_TYPE -> "of other log types (--trace-log-type)";
                            case SKIPPED_NOT_RECORDED -> "without recorded token counts";
                            default -> "skipped";
                        })
                .collect(Collectors.joining(", "));
    }
}
