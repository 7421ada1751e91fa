package io.llmharness.tokenizer;

import io.llmharness.simulator.tokens.SimTokenizer;

/**
 * The fallback when no real tokenizer is available: the simulator's own deterministic vocabulary (short ASCII word
 * pieces, byte fallback for everything else, about three characters per token of English; the rule is in
 * {@code docs/simulator.md}). Because it is the very tokenizer the simulator counts with, the simulator's
 * {@code usage} agrees with the client's count exactly: {@link #countWithSpecialTokens} adds the one BOS token the
 * simulator puts in front of a completions prompt. Against a real model the counts are only an estimate. Lossless
 * ({@code decode(encode(s)).equals(s)}), allocation-light and thread-safe.
 */
public final class SyntheticTokenizer implements TextTokenizer {

    /** The one instance (the tokenizer holds no state). */
    public static final SyntheticTokenizer INSTANCE = new SyntheticTokenizer();

    private static final SimTokenizer VOCABULARY = SimTokenizer.INSTANCE;

    private SyntheticTokenizer() {}

    @Override
    public String source() {
        return "synthetic vocabulary (the simulator's tokenizer)";
    }

    @Override
    public int[] encode(String text) {
        return VOCABULARY.encode(text);
    }

    @Override
    public int count(String text) {
        return VOCABULARY.count(text);
    }

    @Override
    public int countWithSpecialTokens(String text) {
        return VOCABULARY.count(text) + 1;
    }

    @Override
    public String decode(int[] ids) {
        return VOCABULARY.decode(ids);
    }
}
