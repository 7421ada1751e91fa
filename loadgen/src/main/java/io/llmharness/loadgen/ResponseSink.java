package io.llmharness.loadgen;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Where a SUT reports results. Implemented by the running LoadGen test; both methods are thread-safe, may be
 * called from any thread, including from inside {@link SystemUnderTest#issueQuery}, and never block on I/O.
 */
public interface ResponseSink {

    /**
     * Reports the first token of each sample (token-latency runs, every scenario but Offline). One timestamp is
     * taken at entry and used for the whole batch. Must come before {@link #querySamplesComplete} for the same
     * sample. {@code data} holds the first token(s); {@code nTokens} is ignored.
     */
    void firstTokenComplete(List<QuerySampleResponse> responses);

    /**
     * Completes samples. One timestamp is taken at entry and used as the completion time of every response in
     * the batch.
     */
    void querySamplesComplete(List<QuerySampleResponse> responses);

    /**
     * Completes samples whose data may be expensive to fetch (e.g. still in device memory): {@code dataProvider}
     * is called, on the calling thread, only for the responses that go into the accuracy log and returns the
     * response with its data (the C++ {@code ResponseCallback}). The timestamp is taken before any provider call.
     * This default fetches every response eagerly; LoadGen calls the provider lazily.
     */
    default void querySamplesComplete(
            List<QuerySampleResponse> responses, UnaryOperator<QuerySampleResponse> dataProvider) {
        querySamplesComplete(responses.stream().map(dataProvider).toList());
    }

    /** Completes one sample. */
    default void querySamplesComplete(QuerySampleResponse response) {
        querySamplesComplete(List.of(response));
    }

    /** Reports the first token of one sample. */
    default void firstTokenComplete(QuerySampleResponse response) {
        firstTokenComplete(List.of(response));
    }
}
