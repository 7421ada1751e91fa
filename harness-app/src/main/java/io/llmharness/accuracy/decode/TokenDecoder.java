package io.llmharness.accuracy.decode;

/** Turns generated token ids back into text, as the reference evaluators' Hugging Face tokenizer does. */
public interface TokenDecoder {

    /** Where the vocabulary comes from, for the report (e.g. {@code tokenizer.json at /models/x}). */
    String source();

    /**
     * The text of {@code ids}.
     *
     * @param skipSpecial drop special tokens (BOS, EOS, chat markers), as {@code skip_special_tokens=True} does
     */
    String decode(int[] ids, boolean skipSpecial);

    /** Ids this decoder did not know (they decode to nothing), counted over all calls so far. */
    long unknownIds();
}
