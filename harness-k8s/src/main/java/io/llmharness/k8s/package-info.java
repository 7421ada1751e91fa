/**
 * {@code harness k8s}: llm-d-benchmark's launcher flow on Kubernetes, through the fabric8 client.
 *
 * <p>The root package holds the run as data and pure functions of it: {@link io.llmharness.k8s.K8sRunSpec} (every
 * flag, variable and default resolved), {@link io.llmharness.k8s.Names} (llm-d's object names, labels and paths),
 * {@link io.llmharness.k8s.PodCommand} (the launcher pods' {@code harness bench} line) and the
 * {@link io.llmharness.k8s.ProfileRenderer} seam through which workload mode's renderer fills the ConfigMap.
 * {@code manifest} builds the objects from a spec, {@code cluster} talks to the API server (errors as one line,
 * pod states, exec, cleanup ledger), {@code collect} copies results off the PVC, {@code launch} drives a run and
 * {@code cli} maps flags to a spec. Arrows point down that list; nothing here imports the application.
 *
 * <p>This module is separate from the application so that its tests can run fabric8's mock API server, which needs
 * Vert.x 4, while the application uses Vert.x 5; the client itself talks through the JDK's HttpClient.
 */
package io.llmharness.k8s;
