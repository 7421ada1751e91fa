package io.llmharness.client.engine;

import io.llmharness.client.record.TokenCountSource;

/**
 * What one prompt of a request produced.
 *
 * @param index the prompt's position in the request (0 for single-prompt requests)
 * @param tokenIds every output token id, or null when the server did not return ids for every chunk
 * @param text the output text, or null unless the client collects text
 * @param serverTokens the server's output token count for this prompt ({@code meta_info.completion_tokens}, or
 *     {@code usage.completion_tokens} for single-prompt requests), -1 when not given
 * @param chunks output chunks received for this prompt
 * @param finishReason {@code stop}, {@code length}, ..., or null when none arrived
 */
public record ChoiceOutput(int index, int[] tokenIds, String text, long serverTokens, int chunks, String finishReason) {

    /** Output tokens, from the best source: returned ids, then the server's count, then one per chunk. */
    public long outputTokens() {
        if (tokenIds != null) {
            return tokenIds.length;
        }
        return serverTokens >= 0 ? serverTokens : chunks;
    }

    /** Where {@link #outputTokens()} comes from. */
    public TokenCountSource tokenSource() {
        if (tokenIds != null) {
            return TokenCountSource.TOKEN_IDS;
        }
        return serverTokens >= 0 ? TokenCountSource.SERVER_USAGE : TokenCountSource.CHUNK_ESTIMATE;
    }
}
