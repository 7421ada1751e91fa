package io.llmharness.client.record;

/** Where an output token count came from, from most to least trustworthy. */
public enum TokenCountSource {
    /** Counted from token ids the server returned ({@code token_ids}, {@code output_ids}). */
    TOKEN_IDS,
    /** The server's own count ({@code usage.completion_tokens}, SGLang {@code meta_info.completion_tokens}). */
    SERVER_USAGE,
    /** Estimated by the client (one token per content chunk); flagged as an estimate in reports. */
    CHUNK_ESTIMATE,
    /** No count: the request failed before producing output. */
    NONE
}
