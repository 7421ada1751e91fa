package io.llmharness.loadgen;

/**
 * Observes LoadGen's own timing: when each run starts and, per query, its scheduled and actual issue time
 * (the difference is LoadGen's schedule delay). Called on the issuing thread right before
 * {@link SystemUnderTest#issueQuery}, so implementations must be cheap (append to a primitive buffer).
 */
public interface IssueListener {

    /** A run (performance run or accuracy series) starts issuing at {@code startNanos} (clock ns). */
    default void runStarted(long startNanos) {}

    /**
     * One query is about to be issued.
     *
     * @param scheduledNanos when it was due (clock ns); equals {@code issuedNanos} in SingleStream/MultiStream
     * @param issuedNanos when LoadGen issues it (clock ns)
     * @param samples number of samples in the query
     */
    void queryIssued(long scheduledNanos, long issuedNanos, int samples);
}
