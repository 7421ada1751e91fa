package io.llmharness.run;

import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.ResponseSink;
import io.llmharness.report.progress.Progress;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.UnaryOperator;

/**
 * Hands completions on to LoadGen and counts them for the progress display. The LoadGen it hands them to can be
 * switched between tests ({@link #target}): the warm-up test and the measured test then run through this very
 * object, so the code compiled during the warm-up is the code of the measured test.
 */
final class CountingSink implements ResponseSink {

    private final Progress progress;
    private volatile ResponseSink loadGen;
    private volatile boolean counting = true;
    private final LongAdder completed = new LongAdder();

    CountingSink(ResponseSink loadGen, Progress progress) {
        this.loadGen = loadGen;
        this.progress = progress;
    }

    /** Hands completions to {@code sink} from now on; {@code count} = step the progress display. */
    void target(ResponseSink sink, boolean count) {
        this.loadGen = sink;
        this.counting = count;
    }

    @Override
    public void querySamplesComplete(List<QuerySampleResponse> responses) {
        loadGen.querySamplesComplete(responses);
        completed.add(responses.size());
        if (counting) {
            progress.step(responses.size());
        }
    }

    @Override
    public void querySamplesComplete(
            List<QuerySampleResponse> responses, UnaryOperator<QuerySampleResponse> dataProvider) {
        loadGen.querySamplesComplete(responses, dataProvider);
        completed.add(responses.size());
        if (counting) {
            progress.step(responses.size());
        }
    }

    /** Samples completed through this sink so far, warm-up and measured tests alike. */
    long completed() {
        return completed.sum();
    }

    @Override
    public void firstTokenComplete(List<QuerySampleResponse> responses) {
        loadGen.firstTokenComplete(responses);
    }
}
