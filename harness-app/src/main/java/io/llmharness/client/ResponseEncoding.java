package io.llmharness.client;

/** How a finished response is handed to LoadGen as {@code QuerySampleResponse.data}. */
public enum ResponseEncoding {
    /** The generated token ids as int32 little-endian, all of them including the first; n_tokens = their count. */
    TOKEN_IDS_INT32,
    /** The generated text as UTF-8 bytes (chat benchmarks such as qwen3-vl); n_tokens = usage.completion_tokens. */
    TEXT_UTF8
}
