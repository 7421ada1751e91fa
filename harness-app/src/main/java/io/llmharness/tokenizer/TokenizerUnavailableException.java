package io.llmharness.tokenizer;

/**
 * A tokenizer source cannot be used here (no native library for this platform, server without
 * {@code /tokenize}, …): the resolver falls back to the next source and reports {@link #getMessage()} as one line.
 */
public final class TokenizerUnavailableException extends Exception {

    public TokenizerUnavailableException(String message) {
        super(message);
    }

    public TokenizerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
