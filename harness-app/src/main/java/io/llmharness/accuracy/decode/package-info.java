/**
 * From generated token ids back to text: a Hugging Face {@code tokenizer.json} decoded as the fast tokenizer does
 * (byte-level BPE, SentencePiece-style byte fallback, the decoder chain, clean-up of spaces), the simulator's own
 * vocabulary, and where to find a model's tokenizer offline.
 */
package io.llmharness.accuracy.decode;
