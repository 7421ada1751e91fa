/**
 * The Kubernetes objects of a run, built from a {@link io.llmharness.k8s.K8sRunSpec} with fabric8's model builders:
 * the results PVC, the launchers' service account and read-only Role, the profile ConfigMap, the launcher Job and
 * the collector pod. {@link io.llmharness.k8s.manifest.DryRun} lists them in apply order and prints them as YAML.
 */
package io.llmharness.k8s.manifest;
