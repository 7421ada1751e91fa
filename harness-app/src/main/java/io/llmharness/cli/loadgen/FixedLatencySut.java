package io.llmharness.cli.loadgen;

import io.llmharness.loadgen.IssueListener;
import io.llmharness.loadgen.QuerySample;
import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.ResponseSink;
import io.llmharness.loadgen.SystemUnderTest;
import io.llmharness.loadgen.clock.Clock;
import java.util.List;

/**
 * The SUT of {@code harness loadgen}: no server, fixed timing. Without delay it completes every sample inside
 * {@code issueQuery}, one response per sample in query order; with a delay or service time one worker
 * completes each sample at {@code max(issue + delay, previous due + service)}; with a first-token time it
 * reports the first token at {@code issue + firstToken}. Response data is the sample index as int32
 * little-endian repeated {@code repeat} times; the first token's data is the index once.
 */
final class FixedLatencySut implements SystemUnderTest, IssueListener {

    private final Clock clock;
    private final ResponseSink sink;
    private final SutOptions options;
    private final IssuedSamplesLog issued;
    private final Deferrer deferrer;
    private final IssueListener delegate;
    private long previousDue = Long.MIN_VALUE;
    private volatile long runStart;

    FixedLatencySut(
            Clock clock, ResponseSink sink, SutOptions options, IssuedSamplesLog issued, IssueListener delegate) {
        this.clock = clock;
        this.sink = sink;
        this.options = options;
        this.issued = issued;
        this.delegate = delegate;
        this.deferrer = options.asynchronous() ? Deferrer.on(clock) : null;
    }

    @Override
    public String name() {
        return "FixedLatencySUT";
    }

    @Override
    public void runStarted(long startNanos) {
        runStart = startNanos;
        if (delegate != null) {
            delegate.runStarted(startNanos);
        }
    }

    @Override
    public void queryIssued(long scheduledNanos, long issuedNanos, int samples) {
        if (delegate != null) {
            delegate.queryIssued(scheduledNanos, issuedNanos, samples);
        }
    }

    @Override
    public void issueQuery(List<QuerySample> samples) {
        long now = clock.nanoTime();
        int n = samples.size();
        long[] indices = new long[n];
        for (int i = 0; i < n; i++) {
            indices[i] = samples.get(i).index();
        }
        issued.query(indices, n, now - runStart);
        if (deferrer == null) {
            for (QuerySample s : samples) {
                if (options.firstTokenNs() == 0) {
                    sink.firstTokenComplete(firstToken(s));
                }
                sink.querySamplesComplete(response(s));
            }
            return;
        }
        synchronized (this) {
            for (QuerySample s : samples) {
                if (options.firstTokenNs() >= 0) {
                    QuerySampleResponse first = firstToken(s);
                    deferrer.at(
                            Deferrer.FIRST_TOKENS, now + options.firstTokenNs(), () -> sink.firstTokenComplete(first));
                }
                long due = Math.max(
                        now + options.delayNs(),
                        previousDue == Long.MIN_VALUE ? Long.MIN_VALUE : previousDue + options.serviceNs());
                previousDue = due;
                QuerySampleResponse done = response(s);
                deferrer.at(Deferrer.COMPLETIONS, due, () -> sink.querySamplesComplete(done));
            }
        }
    }

    @Override
    public void flushQueries() {}

    private QuerySampleResponse response(QuerySample s) {
        byte[] data = new byte[4 * options.repeat()];
        int v = (int) s.index();
        for (int i = 0; i < options.repeat(); i++) {
            data[4 * i] = (byte) v;
            data[4 * i + 1] = (byte) (v >>> 8);
            data[4 * i + 2] = (byte) (v >>> 16);
            data[4 * i + 3] = (byte) (v >>> 24);
        }
        return new QuerySampleResponse(s.id(), data, options.tokens());
    }

    private static QuerySampleResponse firstToken(QuerySample s) {
        int v = (int) s.index();
        return new QuerySampleResponse(
                s.id(), new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)});
    }

    /** Stops the worker (after the test). */
    void close() {
        if (deferrer != null) {
            deferrer.close();
        }
    }
}
