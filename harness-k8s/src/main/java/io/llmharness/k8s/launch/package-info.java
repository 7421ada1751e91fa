/**
 * One {@code harness k8s run}: set up, start the launcher Job, wait with fail-fast on stuck or failed pods, stop
 * and collect on failure or timeout, collect on success, and delete what the run created. Polls every few seconds
 * on a {@link io.llmharness.k8s.cluster.LaunchClock}, so tests run whole flows on a virtual clock.
 */
package io.llmharness.k8s.launch;
