package io.llmharness.simulator.output;

import java.util.HashMap;
import java.util.Map;

/**
 * Fixed answers by prompt: the token ids to generate for a prompt whose token ids are known in advance (a dataset's
 * reference outputs, so that an accuracy run scores at the reference values). Prompts are matched by a 64-bit hash of
 * their ids and their length. Immutable and thread-safe.
 */
public final class Answers {

    /** No answers: every prompt gets generated text. */
    public static final Answers NONE = new Answers(Map.of(), "none");

    private final Map<Long, int[]> byPrompt;
    private final String source;

    private Answers(Map<Long, int[]> byPrompt, String source) {
        this.byPrompt = byPrompt;
        this.source = source;
    }

    /** Collects answers; {@link Builder#build} makes the immutable table. */
    public static Builder builder(String source) {
        return new Builder(source);
    }

    /** The answer for a prompt, or null when there is none. */
    public int[] find(int[] promptIds) {
        return byPrompt.isEmpty() ? null : byPrompt.get(key(promptIds));
    }

    /** Number of prompts with an answer. */
    public int size() {
        return byPrompt.size();
    }

    /** Where the answers come from, e.g. the dataset file. */
    public String source() {
        return source;
    }

    static long key(int[] ids) {
        long h = 0x6A09E667F3BCC908L ^ ids.length;
        for (int id : ids) {
            h = mix(h ^ (id & 0xFFFFFFFFL));
        }
        return mix(h + ids.length);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    /** Adds answers one prompt at a time. Not thread-safe. */
    public static final class Builder {
        private final Map<Long, int[]> map = new HashMap<>();
        private final String source;

        private Builder(String source) {
            this.source = source;
        }

        /** The answer ids for a prompt (a later answer for the same prompt replaces the earlier one). */
        public Builder add(int[] promptIds, int[] answerIds) {
            map.put(key(promptIds), answerIds.clone());
            return this;
        }

        public Answers build() {
            return new Answers(Map.copyOf(map), source);
        }
    }

    @Override
    public String toString() {
        return byPrompt.isEmpty() ? "none" : size() + " answers from " + source;
    }
}
