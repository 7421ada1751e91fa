/**
 * From measurements to verdicts: nearest-rank percentiles and truncating means, the early-stopping statistics
 * (a glibc-compatible lgamma, the binomial tail and the memoised minimum-passing search), the validity checks,
 * and the immutable {@link io.llmharness.loadgen.results.PerformanceSummary} that all reports format.
 */
package io.llmharness.loadgen.results;
