package io.llmharness.loadgen.selftest;

import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.QuerySample;
import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.ResponseSink;
import io.llmharness.loadgen.SystemUnderTest;
import io.llmharness.loadgen.clock.Clock;
import java.util.List;

/**
 * A SUT with no server and fixed timing (the one {@code harness loadgen} runs). Without delay it completes every sample inside
 * {@code issueQuery}, one response per sample in query order; with a delay or service time one worker
 * completes each sample at {@code max(issue + delay, previous due + service)}; with a first-token time it
 * reports the first token at {@code issue + firstToken}. Response data is the sample index as int32
 * little-endian repeated {@code repeat} times; the first token's data is the index once.
 *
 * <p>Every issued sample is written to the {@link IssuedSamplesLog}, and LoadGen's schedule delay of every query
 * to the {@link ScheduleLog} when there is one. {@link #close()} stops the completion worker after the test.
 */
public final class FixedLatencySut implements SystemUnderTest, AutoCloseable {

    private final Clock clock;
    private final ResponseSink sink;
    private final FixedSutTiming timing;
    private final IssuedSamplesLog issued;
    private final ScheduleLog schedule;
    private final Deferrer deferrer;
    private long previousDue = Long.MIN_VALUE;

    /**
     * @param clock LoadGen's clock (on a {@link io.llmharness.loadgen.clock.VirtualClock} completions are clock
     *     events; otherwise one worker thread completes them)
     * @param sink where samples complete (the LoadGen under test)
     * @param timing delays, service time, first token and response data
     * @param issued records every issued sample
     * @param schedule records every query's scheduled and issue time, or null
     */
    public FixedLatencySut(
            Clock clock, ResponseSink sink, FixedSutTiming timing, IssuedSamplesLog issued, ScheduleLog schedule) {
        this.clock = clock;
        this.sink = sink;
        this.timing = timing;
        this.issued = issued;
        this.schedule = schedule;
        this.deferrer = timing.asynchronous() ? Deferrer.on(clock) : null;
    }

    @Override
    public String name() {
        return "FixedLatencySUT";
    }

    @Override
    public void issueQuery(IssuedQuery query) {
        long now = clock.nanoTime();
        if (schedule != null) {
            schedule.record(query);
        }
        List<QuerySample> samples = query.samples();
        int n = samples.size();
        long[] indices = new long[n];
        for (int i = 0; i < n; i++) {
            indices[i] = samples.get(i).index();
        }
        issued.query(indices, n, now - query.runStartNanos());
        if (deferrer == null) {
            for (QuerySample s : samples) {
                if (timing.firstTokenNs() == 0) {
                    sink.firstTokenComplete(firstToken(s));
                }
                sink.querySamplesComplete(response(s));
            }
            return;
        }
        synchronized (this) {
            for (QuerySample s : samples) {
                if (timing.firstTokenNs() >= 0) {
                    QuerySampleResponse first = firstToken(s);
                    deferrer.at(
                            Deferrer.FIRST_TOKENS, now + timing.firstTokenNs(), () -> sink.firstTokenComplete(first));
                }
                long due = Math.max(
                        now + timing.delayNs(),
                        previousDue == Long.MIN_VALUE ? Long.MIN_VALUE : previousDue + timing.serviceNs());
                previousDue = due;
                QuerySampleResponse done = response(s);
                deferrer.at(Deferrer.COMPLETIONS, due, () -> sink.querySamplesComplete(done));
            }
        }
    }

    @Override
    public void flushQueries() {}

    private QuerySampleResponse response(QuerySample s) {
        byte[] data = new byte[4 * timing.repeat()];
        int v = (int) s.index();
        for (int i = 0; i < timing.repeat(); i++) {
            data[4 * i] = (byte) v;
            data[4 * i + 1] = (byte) (v >>> 8);
            data[4 * i + 2] = (byte) (v >>> 16);
            data[4 * i + 3] = (byte) (v >>> 24);
        }
        return new QuerySampleResponse(s.id(), data, timing.tokens());
    }

    private static QuerySampleResponse firstToken(QuerySample s) {
        int v = (int) s.index();
        return new QuerySampleResponse(
                s.id(), new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)});
    }

    /** Stops the completion worker (after the test). */
    @Override
    public void close() {
        if (deferrer != null) {
            deferrer.close();
        }
    }
}
