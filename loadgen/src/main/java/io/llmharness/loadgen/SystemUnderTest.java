package io.llmharness.loadgen;

import java.util.List;

/**
 * The system being measured. LoadGen calls {@link #issueQuery(IssuedQuery)} from its issue thread; the SUT may
 * complete samples synchronously inside that call or later from any thread through a {@link ResponseSink}.
 *
 * <p>Implement one of the two {@code issueQuery} methods: {@link #issueQuery(IssuedQuery)} when the SUT needs
 * the scheduled time of each sample (to measure latency from it, as an HTTP client must), or the C++-shaped
 * {@link #issueQuery(List)} when the samples are enough.
 */
public interface SystemUnderTest {

    /** Name logged as {@code sut_name} (the call's duration is logged too). */
    String name();

    /**
     * Issues one query (or, with Server coalescing, several) together with the time each sample was scheduled
     * for. Must not block for the duration of inference: return quickly and complete the samples through
     * {@link ResponseSink#querySamplesComplete} when their responses are ready. This default passes the samples
     * to {@link #issueQuery(List)}.
     *
     * @param query the samples in LoadGen's order with their scheduled times
     */
    default void issueQuery(IssuedQuery query) {
        issueQuery(query.samples());
    }

    /**
     * Issues one query, the C++ {@code IssueQuery}: the same contract as {@link #issueQuery(IssuedQuery)} without
     * the times. LoadGen never calls it directly; a SUT that overrides neither method fails its first query.
     *
     * @param samples the query's samples, in LoadGen's order; the list is not modified after the call
     * @throws UnsupportedOperationException unless overridden
     */
    default void issueQuery(List<QuerySample> samples) {
        throw new UnsupportedOperationException(
                name() + " implements neither issueQuery(IssuedQuery) nor issueQuery(List<QuerySample>)");
    }

    /** Called once after the last issued query of every series (accuracy set, performance run). */
    void flushQueries();
}
