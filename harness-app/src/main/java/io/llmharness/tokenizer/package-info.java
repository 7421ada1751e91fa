/**
 * Tokenizers for workload mode: exact prompt lengths and client-side token counts. {@link
 * io.llmharness.tokenizer.TextTokenizer} is the one interface; the rest of the application never depends on how
 * tokens are produced.
 *
 * <p>{@link io.llmharness.tokenizer.Tokenizers#resolve} picks the source, best first: an explicit {@code
 * tokenizer.json} ({@link io.llmharness.tokenizer.HfTokenizer}, through DJL, offline), the model's folder or its
 * snapshot in the Hugging Face cache ({@link io.llmharness.tokenizer.HfCache}), the server's {@code /tokenize}
 * ({@link io.llmharness.tokenizer.ServerTokenizer}, blocking, before the run), and the simulator's synthetic
 * vocabulary ({@link io.llmharness.tokenizer.SyntheticTokenizer}). {@link io.llmharness.tokenizer.TokenCountCheck}
 * compares client counts with the server's {@code usage}. Only {@code HfTokenizer} and {@code DjlRuntime} touch DJL.
 */
package io.llmharness.tokenizer;
