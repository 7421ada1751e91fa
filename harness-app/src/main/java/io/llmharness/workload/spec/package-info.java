/**
 * The one model every profile format is read into: {@link io.llmharness.workload.spec.WorkloadSpec}, with stages as
 * a sealed type ({@link io.llmharness.workload.spec.Stage}) and data sources as another
 * ({@link io.llmharness.workload.spec.DataSpec}). Immutable values, validated on construction; units are in each
 * component's Javadoc (seconds for durations, requests per second for rates, tokens for lengths).
 */
package io.llmharness.workload.spec;
