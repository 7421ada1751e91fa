/**
 * Prompts for workload mode, written against {@link io.llmharness.tokenizer.TextTokenizer} only: random text,
 * corpus slices, shared-prefix groups, ShareGPT conversations and multi-turn sessions, with exact token lengths
 * drawn from the profile's distributions. {@link io.llmharness.workload.data.PromptSources#create} builds the
 * {@link io.llmharness.workload.data.PromptFeed} of a data section; each request of the run asks it for a
 * {@link io.llmharness.workload.data.WorkloadRequest} by (stage, index).
 *
 * <p>Everything a prompt depends on is a pure function of (seed, item index), so prompts are reproducible and can be
 * generated in parallel before the run. Exact lengths come from windows of a token pool: the window's ids are
 * decoded, the text re-encoded, and the window widened or narrowed until the text has the wanted number of tokens.
 */
package io.llmharness.workload.data;
