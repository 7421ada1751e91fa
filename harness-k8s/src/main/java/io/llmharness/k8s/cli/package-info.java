/**
 * {@code harness k8s run}: llm-d's {@code run.sh} flags and {@code LLMDBENCH_*} variables mapped to a
 * {@link io.llmharness.k8s.K8sRunSpec} (flag, then variable, then default; every bad value one line naming its
 * source), {@code --dry-run} printing, and failures mapped to exit codes. What it takes from the world is one
 * {@link io.llmharness.k8s.cli.K8sEnvironment}, so tests pass a mock API server and a virtual clock.
 */
package io.llmharness.k8s.cli;
