/**
 * Python and numpy semantics that the MLPerf reference evaluators depend on and Java does not share: whitespace
 * and length of strings, float printing, the two kinds of rounding and numpy's summation order. Pure functions.
 */
package io.llmharness.accuracy.text;
