/**
 * The simulator's deterministic, lossless tokenizer (greedy longest match over a synthetic vocabulary of short word
 * pieces, byte fallback) and incremental detokenization that holds back partial UTF-8 characters.
 */
package io.llmharness.simulator.tokens;
