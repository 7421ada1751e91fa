package io.llmharness.workload.data;

import io.llmharness.client.Prompt;
import io.llmharness.tokenizer.TextTokenizer;
import io.llmharness.workload.schedule.Rng;
import io.llmharness.workload.spec.LengthDistribution;
import java.util.stream.IntStream;

/**
 * Random text ({@code random}, guidellm {@code synthetic_text}, vllm {@code random}) or corpus slices
 * ({@code synthetic}) of sampled exact lengths, optionally behind one of a few shared prefixes. Generated before
 * the run; every stage starts again at prompt 0, as inference-perf does, and cycles when it needs more.
 */
final class RandomPrompts implements PromptFeed {

    static final long INPUT_STREAM = 11;
    static final long OUTPUT_STREAM = 12;
    static final long PREFIX_STREAM = 13;
    static final long POOL_STREAM = 14;

    /** Tokens of the random pool prompts are cut from (distinct starting points for distinct prompts). */
    static final int POOL_TOKENS = 1 << 18;

    private final StaticRequest[] items;

    /**
     * Size of a random pool: room for every prompt to start at its own position (16 tokens apart), at least twice
     * the longest prompt, at most {@link #POOL_TOKENS} unless a prompt needs more.
     */
    static int poolTokens(int count, int longest) {
        long want = Math.max(16_384L, (long) count * 16);
        return (int) Math.max(2L * longest, Math.min(POOL_TOKENS, want));
    }

    private final String description;

    private RandomPrompts(StaticRequest[] items, String description) {
        this.items = items;
        this.description = description;
    }

    /**
     * Generates the prompts.
     *
     * @param corpus text to cut prompts from, or null for random text
     * @param count how many distinct prompts
     * @param prefixTokens shared prefix length (0 = none), prefixCount distinct prefixes
     */
    static RandomPrompts create(
            TextTokenizer tok,
            long seed,
            String corpus,
            LengthDistribution input,
            LengthDistribution output,
            int count,
            int prefixTokens,
            int prefixCount,
            String description) {
        return build(
                tok,
                seed,
                corpus,
                i -> LengthSampler.sample(input, Rng.of(seed, INPUT_STREAM, i)),
                i -> LengthSampler.sample(output, Rng.of(seed, OUTPUT_STREAM, i)),
                input.max(),
                count,
                prefixTokens,
                prefixCount,
                description);
    }

    /**
     * Random text of given lengths: prompt {@code i} has {@code input[i]} tokens and asks for {@code output[i]}
     * (inference-perf's {@code random} data with {@code data.trace}: a trace's lengths in its row order).
     */
    static RandomPrompts ofLengths(TextTokenizer tok, long seed, int[] input, int[] output, String description) {
        int longest = java.util.Arrays.stream(input).max().orElse(1);
        return build(tok, seed, null, i -> input[i], i -> output[i], longest, input.length, 0, 1, description);
    }

    private static RandomPrompts build(
            TextTokenizer tok,
            long seed,
            String corpus,
            java.util.function.IntUnaryOperator inputLength,
            java.util.function.IntUnaryOperator outputLength,
            int longestInput,
            int count,
            int prefixTokens,
            int prefixCount,
            String description) {
        int longest = longestInput + prefixTokens;
        TokenPool pool = corpus != null
                ? TokenPool.of(tok, corpus)
                : TokenPool.random(tok, seed, POOL_STREAM, poolTokens(count, longest));
        String[] prefixes = new String[prefixTokens > 0 ? prefixCount : 0];
        if (prefixes.length > 0) {
            TokenPool pp = TokenPool.random(tok, seed, PREFIX_STREAM, Math.max(4096, 2 * prefixTokens * prefixCount));
            for (int k = 0; k < prefixes.length; k++) {
                prefixes[k] = pp.text(prefixTokens, (long) k * prefixTokens);
            }
        }
        long spacing = Math.max(1, pool.size() / Math.max(1, count));
        StaticRequest[] items = IntStream.range(0, count)
                .parallel()
                .mapToObj(i -> {
                    int in = Math.max(1, inputLength.applyAsInt(i));
                    int out = Math.max(1, outputLength.applyAsInt(i));
                    long offset = corpus != null
                            ? Rng.of(seed, POOL_STREAM, i).nextInt(pool.size())
                            : i * spacing + Rng.of(seed, POOL_STREAM, i).nextInt((int) Math.min(spacing, 1 << 30));
                    String body = pool.text(in, offset);
                    String text = prefixes.length == 0 ? body : prefixes[i % prefixes.length] + " " + body;
                    return new StaticRequest(i, new Prompt.Text(text), tok.count(text), out);
                })
                .toArray(StaticRequest[]::new);
        return new RandomPrompts(items, description);
    }

    @Override
    public WorkloadRequest request(int stage, long indexInStage, long runIndex) {
        return items[(int) (indexInStage % items.length)];
    }

    @Override
    public String describe() {
        return description + " (" + items.length + " prompts generated)";
    }

    /** The generated prompts, for tests. */
    StaticRequest item(int i) {
        return items[i];
    }

    /** How many prompts were generated. */
    int size() {
        return items.length;
    }
}
