package io.llmharness.simulator.output;

import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.SplittableRandom;

/**
 * Where a sequence's output tokens come from. Plans are deterministic functions of their random source, so the
 * same seed and prompt give the same tokens whether the response is streamed or not. Not thread-safe.
 */
public abstract sealed class OutputPlan {

    /** The id of the next output token. {@link SimTokenizer#EOS} means "the model chose to stop here". */
    public abstract int next();

    /**
     * Random words from the vocabulary's lowercase pieces with occasional punctuation. Unless EOS is ignored the
     * natural length is drawn once: with probability {@value #P_RUN_TO_LIMIT} the output runs to {@code maxTokens}
     * ({@code finish_reason: length}); otherwise it is {@code lo + floor((maxTokens - lo) × (u1 + u2) / 2)} tokens
     * with {@code lo = max(1, minTokens)} (a triangular distribution), the last of which is EOS.
     */
    public static final class RandomWords extends OutputPlan {
        static final double P_RUN_TO_LIMIT = 0.2;
        private final SplittableRandom rng;
        private final int naturalLength;
        private int position;

        public RandomWords(SplittableRandom rng, int maxTokens, int minTokens, boolean ignoreEos) {
            this.rng = rng;
            this.naturalLength = ignoreEos ? Integer.MAX_VALUE : drawLength(rng, maxTokens, minTokens);
        }

        static int drawLength(SplittableRandom rng, int maxTokens, int minTokens) {
            int lo = Math.max(1, minTokens);
            if (lo >= maxTokens || rng.nextDouble() < P_RUN_TO_LIMIT) {
                return Integer.MAX_VALUE;
            }
            double u = (rng.nextDouble() + rng.nextDouble()) / 2;
            return lo + (int) Math.floor((maxTokens - lo) * u);
        }

        @Override
        public int next() {
            position++;
            if (position == naturalLength) {
                return SimTokenizer.EOS;
            }
            return randomToken(rng);
        }
    }

    /** One random output token: a lowercase word (90 %), ".", ",", or a newline. */
    public static int randomToken(SplittableRandom rng) {
        int r = rng.nextInt(100);
        if (r < 90) {
            return SimTokenizer.WORD_BASE + rng.nextInt(SimTokenizer.LOWER_WORDS);
        }
        if (r < 95) {
            return SimTokenizer.BYTE_BASE + '.';
        }
        if (r < 98) {
            return SimTokenizer.BYTE_BASE + ',';
        }
        return SimTokenizer.BYTE_BASE + '\n';
    }

    /** A fixed token list (structured output, echo), then EOS; or repeated when {@code cycle} is set. */
    public static final class Fixed extends OutputPlan {
        private final int[] ids;
        private final boolean cycle;
        private int position;

        public Fixed(int[] ids, boolean cycle) {
            this.ids = ids;
            this.cycle = cycle && ids.length > 0;
        }

        @Override
        public int next() {
            if (position < ids.length) {
                return ids[position++];
            }
            if (cycle) {
                position = 1;
                return ids[0];
            }
            return SimTokenizer.EOS;
        }
    }
}
