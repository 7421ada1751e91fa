/**
 * nltk's Punkt sentence splitter, which the MLPerf evaluators run before ROUGE-Lsum and {@code gen_len}. The
 * algorithm is ours; the trained English parameters are nltk's {@code punkt_tab} data, read from where nltk keeps
 * it (not shipped).
 */
package io.llmharness.accuracy.punkt;
