package io.llmharness.simulator.engine;

import io.llmharness.simulator.output.OutputPlan;
import java.util.List;

/**
 * What one output sequence (one choice) must produce, as parsed from a request.
 *
 * @param choiceIndex index of the choice in the response ({@code prompt_index * n + sample})
 * @param promptIndex position of the prompt in a batch request
 * @param promptIds prompt token ids (media placeholders included)
 * @param maxTokens output limit in tokens (already capped by the context window)
 * @param minTokens EOS and stop strings are ignored before this many tokens
 * @param stop stop strings (empty list for none)
 * @param includeStopStr keep the matched stop string in the output text
 * @param stopTokenIds token ids that end the output (may be empty)
 * @param plan the token source
 * @param cacheSalt mixed into prefix-cache block hashes ({@code cache_salt}); 0 = none
 * @param mediaSalt hash of the prompt's media, mixed into block hashes from {@code firstMediaPos} on
 * @param firstMediaPos index of the first media placeholder token, or {@code promptIds.length}
 * @param structured guided decoding was requested (SGLang counts these)
 */
public record SequenceSpec(
        int choiceIndex,
        int promptIndex,
        int[] promptIds,
        int maxTokens,
        int minTokens,
        List<String> stop,
        boolean includeStopStr,
        int[] stopTokenIds,
        OutputPlan plan,
        long cacheSalt,
        long mediaSalt,
        int firstMediaPos,
        boolean structured) {}
