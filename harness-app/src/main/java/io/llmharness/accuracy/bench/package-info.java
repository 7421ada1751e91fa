/**
 * One evaluator per MLPerf benchmark family, each re-implementing its reference accuracy script's selection of
 * responses, decoding, scoring and printed output on top of the metric packages.
 */
package io.llmharness.accuracy.bench;
