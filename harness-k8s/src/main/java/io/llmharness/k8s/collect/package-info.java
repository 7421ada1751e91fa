/**
 * Getting results off the cluster: a short-lived collector pod mounts the PVC, {@code tar} runs in it through the
 * API server's exec, and {@link io.llmharness.k8s.collect.TarExtractor} unpacks the stream into the output
 * directory (no {@code kubectl}, no extra library). Launcher logs are saved beside the results.
 */
package io.llmharness.k8s.collect;
