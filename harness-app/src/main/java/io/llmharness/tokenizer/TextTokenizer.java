package io.llmharness.tokenizer;

/**
 * Turns text into token ids and back, for prompts of exact token lengths and for client-side token counts.
 * Implementations: a Hugging Face {@code tokenizer.json} read from local disk, the server's {@code /tokenize}
 * endpoint, or the synthetic vocabulary (one token per word-like piece) when neither is available.
 * Implementations are thread-safe.
 */
public interface TextTokenizer {

    /** Where the tokens come from, for the run's log and summary (e.g. {@code "tokenizer.json at models/x"}). */
    String source();

    /** Token ids of {@code text}, without special tokens (no BOS/EOS) and without truncation. */
    int[] encode(String text);

    /** Text of {@code ids}; special tokens are skipped. */
    String decode(int[] ids);

    /** Number of tokens in {@code text}, as {@link #encode} would give. */
    default int count(String text) {
        return encode(text).length;
    }

    /**
     * Number of tokens in {@code text} with the special tokens the tokenizer adds to a single sequence (Llama 3's
     * {@code <|begin_of_text|>}); what a server reports as {@code usage.prompt_tokens} for a completions prompt.
     */
    default int countWithSpecialTokens(String text) {
        return count(text);
    }
}
