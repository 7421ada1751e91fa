/**
 * ROUGE as the MLPerf evaluators compute it through rouge_score 0.1.2: its tokenizer, the Porter stemmer in NLTK
 * mode, ROUGE-N, ROUGE-L and the summary-level ROUGE-Lsum. Pure and thread-safe.
 */
package io.llmharness.accuracy.rouge;
