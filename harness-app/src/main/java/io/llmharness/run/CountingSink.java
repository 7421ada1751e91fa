package io.llmharness.run;

import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.ResponseSink;
import io.llmharness.report.progress.Progress;
import java.util.List;
import java.util.function.UnaryOperator;

/** Hands completions on to LoadGen and counts them for the progress display. */
final class CountingSink implements ResponseSink {

    private final ResponseSink loadGen;
    private final Progress progress;

    CountingSink(ResponseSink loadGen, Progress progress) {
        this.loadGen = loadGen;
        this.progress = progress;
    }

    @Override
    public void querySamplesComplete(List<QuerySampleResponse> responses) {
        loadGen.querySamplesComplete(responses);
        progress.step(responses.size());
    }

    @Override
    public void querySamplesComplete(
            List<QuerySampleResponse> responses, UnaryOperator<QuerySampleResponse> dataProvider) {
        loadGen.querySamplesComplete(responses, dataProvider);
        progress.step(responses.size());
    }

    @Override
    public void firstTokenComplete(List<QuerySampleResponse> responses) {
        loadGen.firstTokenComplete(responses);
    }
}
