/**
 * Tokenizers for workload mode: exact prompt lengths and client-side token counts. {@link
 * io.llmharness.tokenizer.TextTokenizer} is the one interface; the rest of the application never depends on
 * how tokens are produced.
 */
package io.llmharness.tokenizer;
