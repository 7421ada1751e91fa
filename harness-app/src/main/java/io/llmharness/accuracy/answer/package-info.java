/**
 * Answer extraction and exact-match rules of the MLPerf evaluators: GSM8K numbers, AIME integers, multiple-choice
 * letters, MATH500 boxed answers, llama3.1-405b's niah_em and qa_em, gpt-oss's Harmony final channel, and qwen3-vl's
 * hierarchical F1. Pure functions.
 */
package io.llmharness.accuracy.answer;
