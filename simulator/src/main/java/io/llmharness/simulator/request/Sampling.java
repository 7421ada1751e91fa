package io.llmharness.simulator.request;

import java.util.List;

/**
 * Sampling parameters of one prompt, in neutral names.
 *
 * @param maxTokens output limit in tokens; -1 = whatever fits in the context window
 * @param minTokens EOS and stop strings are ignored before this many tokens
 * @param ignoreEos produce exactly the limit (unless a stop string or the context ends it)
 * @param stop stop strings
 * @param includeStopStr keep the matched stop string in the text
 * @param stopTokenIds ids that end the output
 * @param seed sampling seed, or null
 * @param temperature sampling temperature (0 = greedy: deterministic from the prompt even without a seed)
 * @param n samples for this prompt
 * @param constraint guided decoding, or null
 * @param cacheSalt prefix-cache isolation salt, or null
 * @param truncatePromptTokens keep only the last N prompt tokens, or null
 */
public record Sampling(
        int maxTokens,
        int minTokens,
        boolean ignoreEos,
        List<String> stop,
        boolean includeStopStr,
        int[] stopTokenIds,
        Long seed,
        double temperature,
        int n,
        Constraint constraint,
        String cacheSalt,
        Integer truncatePromptTokens) {}
