package io.llmharness.simulator.output;

import io.llmharness.simulator.tokens.SimTokenizer;

/**
 * Log probabilities that look like a model's, for output the simulator already chose. They are a pure function of
 * the sampling seed, the position, the previous token and the chosen token, so the same seed and prompt give the
 * same logprobs, streamed or not.
 *
 * <p>The chosen token is always the most likely one (rank 1), with a probability between about 0.45 and 1; the
 * alternatives share what is left, each strictly less likely than the one before, so the probabilities of one
 * position never sum above 1. Alternatives are distinct lowercase word pieces other than the chosen token.
 */
public final class Logprobs {
    /** vLLM clamps {@code -inf} to this. */
    public static final double FLOOR = -9999.0;

    private Logprobs() {}

    /**
     * Fills the top {@code n} entries of one position, the chosen token first.
     *
     * @param seed the request's sampling seed (0 when none)
     * @param position index of the token in the choice's output
     * @param previous the token before it, or -1 at the start
     * @param chosen the token that was produced
     * @param n entries wanted, at least 1 (the chosen token alone)
     * @param ids receives the token ids, length at least {@code n}
     * @param logprobs receives their natural-log probabilities, length at least {@code n}
     */
    public static void top(long seed, int position, int previous, int chosen, int n, int[] ids, double[] logprobs) {
        long key = key(seed, position, previous, chosen);
        logprobs[0] = chosenLogprob(key);
        double p = Math.exp(logprobs[0]);
        ids[0] = chosen;
        double rest = 1 - p;
        double weight = 1;
        double cap = p;
        for (int i = 1; i < n; i++) {
            key = mix(key + i);
            weight *= 0.5;
            cap *= 0.95;
            double alt = Math.min(rest * weight * (0.6 + 0.4 * unit(key)), cap);
            logprobs[i] = Math.max(Math.log(alt), FLOOR);
            ids[i] = alternative(key, ids, i);
        }
    }

    /** The chosen token's logprob alone, as {@link #top} computes it. */
    public static double chosen(long seed, int position, int previous, int chosen) {
        return chosenLogprob(key(seed, position, previous, chosen));
    }

    private static long key(long seed, int position, int previous, int chosen) {
        return mix(seed ^ mix(((long) position << 32) ^ (previous & 0xffffffffL)) ^ ((long) chosen * 0x9E3779B9L));
    }

    private static double chosenLogprob(long key) {
        double u = unit(key);
        return -(0.001 + 0.8 * u * u);
    }

    private static int alternative(long key, int[] ids, int filled) {
        long k = key;
        while (true) {
            int id = SimTokenizer.WORD_BASE + (int) Math.floorMod(k >>> 11, (long) SimTokenizer.LOWER_WORDS);
            boolean taken = false;
            for (int j = 0; j < filled && !taken; j++) {
                taken = ids[j] == id;
            }
            if (!taken) {
                return id;
            }
            k = mix(k + 0x632BE59BD9B4E019L);
        }
    }

    private static double unit(long key) {
        return (key >>> 11) * 0x1.0p-53;
    }

    /** SplitMix64's finaliser. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
