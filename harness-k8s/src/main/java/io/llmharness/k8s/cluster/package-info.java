/**
 * Talking to the API server: calls whose failures become one line ({@link io.llmharness.k8s.cluster.Api}), pod
 * statuses reduced to what the launcher acts on ({@link io.llmharness.k8s.cluster.PodStates}), exec with a streamed
 * standard output, waiting on a virtual-clock-friendly {@link io.llmharness.k8s.cluster.LaunchClock}, and the
 * ledger of created objects that a run deletes at the end.
 */
package io.llmharness.k8s.cluster;
