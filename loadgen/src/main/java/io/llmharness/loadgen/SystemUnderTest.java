package io.llmharness.loadgen;

import java.util.List;

/**
 * The system being measured. LoadGen calls {@link #issueQuery} from its issue thread; the SUT may complete
 * samples synchronously inside that call or later from any thread through a {@link ResponseSink}.
 */
public interface SystemUnderTest {

    /** Name logged as {@code sut_name} (the call's duration is logged too). */
    String name();

    /**
     * Issues one query. Must not block for the duration of inference: return quickly and complete the samples
     * through {@link ResponseSink#querySamplesComplete} when their responses are ready.
     *
     * @param samples the query's samples, in LoadGen's order; the list is not modified after the call
     */
    void issueQuery(List<QuerySample> samples);

    /** Called once after the last {@link #issueQuery} of every series (accuracy set, performance run). */
    void flushQueries();
}
