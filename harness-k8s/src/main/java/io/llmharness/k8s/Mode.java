package io.llmharness.k8s;

/** What {@code harness k8s run} does on the cluster. */
public enum Mode {
    /** Create the launcher Job, wait for it, collect the results, clean up (the default). */
    RUN,
    /** {@code --skip-run}: start nothing; only copy what is already on the PVC. */
    SKIP_RUN,
    /** {@code --debug}: the launcher pods sleep so a user can exec in and run the benchmark by hand. */
    DEBUG
}
