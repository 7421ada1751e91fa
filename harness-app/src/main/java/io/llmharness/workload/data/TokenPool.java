package io.llmharness.workload.data;

import io.llmharness.tokenizer.TextTokenizer;

/**
 * The token ids of a long text, from which prompts of exact lengths are cut: the ids of a window are decoded, the
 * text is counted again, and the window is widened or narrowed until the text has exactly the wanted number of
 * tokens (a few tries; tokenizers merge across a cut only rarely). Windows wrap around the end. Thread-safe.
 */
final class TokenPool {

    private static final int TRIES = 8;

    private final TextTokenizer tokenizer;
    private final int[] ids;

    private TokenPool(TextTokenizer tokenizer, int[] ids) {
        this.tokenizer = tokenizer;
        this.ids = ids;
    }

    /** The pool of a text; fails when the text has no tokens. */
    static TokenPool of(TextTokenizer tokenizer, String text) {
        int[] ids = tokenizer.encode(text);
        if (ids.length == 0) {
            throw new IllegalArgumentException("the text has no tokens");
        }
        return new TokenPool(tokenizer, ids);
    }

    /** A pool of random text holding at least {@code tokens} tokens. */
    static TokenPool random(TextTokenizer tokenizer, long seed, long stream, int tokens) {
        int words = Math.max(256, tokens + tokens / 4);
        TokenPool p = of(tokenizer, RandomText.of(seed, stream, words));
        while (p.size() < tokens) {
            words *= 2;
            p = of(tokenizer, RandomText.of(seed, stream, words));
        }
        return p;
    }

    /** Ids in the pool. */
    int size() {
        return ids.length;
    }

    /** Text of exactly {@code length} tokens (as close as the tokenizer allows) starting at {@code offset}. */
    String text(int length, long offset) {
        if (length <= 0) {
            return "";
        }
        int start = (int) Math.floorMod(offset, (long) ids.length);
        int take = length;
        String best = null;
        int bestMiss = Integer.MAX_VALUE;
        for (int t = 0; t < TRIES && take > 0; t++) {
            String s = tokenizer.decode(window(start, take));
            int miss = tokenizer.count(s) - length;
            if (miss == 0) {
                return s;
            }
            if (Math.abs(miss) < bestMiss) {
                best = s;
                bestMiss = Math.abs(miss);
            }
            take -= miss;
        }
        return best;
    }

    private int[] window(int start, int length) {
        int[] out = new int[length];
        int pos = start;
        for (int i = 0; i < length; i++) {
            out[i] = ids[pos];
            pos = pos + 1 == ids.length ? 0 : pos + 1;
        }
        return out;
    }
}
