package io.llmharness.loadgen;

/**
 * The SUT's answer for one {@link QuerySample}.
 *
 * <p>{@code data} is only read (copied) when the sample goes into the accuracy log, so it may be shared or
 * reused by the caller once the completion call returns. For LLM benchmarks it holds the generated token ids
 * as int32 little-endian (or UTF-8 text for chat benchmarks that say so).
 *
 * @param id the {@link QuerySample#id()} being answered
 * @param data response bytes (never null; may be empty)
 * @param nTokens number of output tokens (only meaningful with token latencies; 0 = not given)
 */
public record QuerySampleResponse(long id, byte[] data, long nTokens) {

    private static final byte[] EMPTY = new byte[0];

    public QuerySampleResponse {
        if (data == null) {
            data = EMPTY;
        }
    }

    /** A response without a token count (n_tokens = 0), like the C++ three-argument constructor. */
    public QuerySampleResponse(long id, byte[] data) {
        this(id, data, 0);
    }
}
