package io.llmharness.metrics;

import io.llmharness.client.record.TokenCountSource;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Token counts of successful measured requests, with their provenance. Input counts always come from the
 * server's usage report; output counts from token ids, server usage or a client estimate (one per chunk).
 *
 * @param inputTotal sum of known input tokens
 * @param outputTotal sum of known output tokens
 * @param inputUnknown requests whose input count the server did not report (left out of input sums)
 * @param outputSources requests per output count source, every source in declaration order, zeros included
 * @param input distribution of input tokens per request (known counts only), in tokens
 * @param output distribution of output tokens per request (known counts only), in tokens
 */
public record TokenSummary(
        long inputTotal,
        long outputTotal,
        long inputUnknown,
        Map<TokenCountSource, Long> outputSources,
        Distribution input,
        Distribution output) {

    public TokenSummary {
        EnumMap<TokenCountSource, Long> sources = new EnumMap<>(TokenCountSource.class);
        sources.putAll(outputSources);
        outputSources = Collections.unmodifiableMap(sources);
    }

    /** Whether any output count is a client estimate rather than a server or token-id count. */
    public boolean outputEstimated() {
        return outputSources.getOrDefault(TokenCountSource.CHUNK_ESTIMATE, 0L) > 0;
    }
}
