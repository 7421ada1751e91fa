package io.llmharness.loadgen.run;

import io.llmharness.loadgen.IssuedQuery;
import io.llmharness.loadgen.QuerySampleResponse;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.clock.Wakeup;
import io.llmharness.loadgen.log.AccuracyLog;
import io.llmharness.loadgen.log.DetailLog;
import io.llmharness.loadgen.log.TraceLog;
import io.llmharness.loadgen.schedule.QueryPlan;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * Records the completions and first tokens of one run (one series of issued queries) into primitive arrays
 * indexed by sample position, with the C++ LoadGen's checks and error messages. Thread-safe: the SUT may call
 * from any thread, including from inside {@code issueQuery}; recording takes one lock per batch.
 *
 * <p>A sample's time slot holds its scheduled offset until it completes, then its latency
 * (completion - scheduled), so no second per-sample array is needed.
 */
final class RunRecorder {

    private static final VarHandle BITS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final long MISSING = Long.MIN_VALUE;
    private static final String TWICE = "Attempted to complete a sample twice.";

    private final QueryPlan plan;
    private final Scenario scenario;
    private final long firstId;
    private final int generated;
    private final long[] times;
    private final long[] issuedBits;
    private final long[] doneBits;
    private final long[] firstToken;
    private final long[] timePerOutputToken;
    private final long[] tokens;
    private final long[] queryIssuedAt;
    private final boolean useTokens;
    private final boolean needsFirstToken;
    private final DetailLog detail;
    private final AccuracyLog accuracy;
    private final TraceLog trace;
    private final Map<Integer, byte[]> firstTokenData = new HashMap<>();
    private final Wakeup wakeup = new Wakeup();
    private final AtomicLong issued = new AtomicLong();
    private volatile long completed;
    private volatile long start;
    private long maxLatency;
    private long maxCompletion;
    private long tooLargeMaxIndex = -1;
    private boolean closed;

    RunRecorder(
            QueryPlan plan,
            Scenario scenario,
            boolean useTokens,
            long createdAt,
            DetailLog detail,
            AccuracyLog accuracy,
            TraceLog trace) {
        this.plan = plan;
        this.scenario = scenario;
        this.firstId = plan.firstSampleId();
        this.generated = plan.sampleCount();
        this.times = plan.times();
        this.issuedBits = new long[(generated + 63) >>> 6];
        this.doneBits = new long[(generated + 63) >>> 6];
        this.useTokens = useTokens;
        this.needsFirstToken = scenario != Scenario.OFFLINE;
        this.firstToken = useTokens ? filled(generated) : null;
        this.timePerOutputToken = useTokens ? new long[generated] : null;
        this.tokens = useTokens ? new long[generated] : null;
        this.queryIssuedAt = trace.enabled() ? new long[plan.queryCount()] : null;
        this.detail = detail;
        this.accuracy = accuracy;
        this.trace = trace;
        this.maxCompletion = createdAt;
        warmUp();
    }

    /**
     * Links the var-handle operations and loads the classes of the issue and completion paths now, before the
     * run's clock starts, so the first query does not pay milliseconds of one-time JVM work as latency.
     */
    private static void warmUp() {
        long[] scratch = new long[1];
        BITS.getAndBitwiseOr(scratch, 0, 1L);
        if (((long) BITS.getAcquire(scratch, 0)) != 1L) {
            throw new IllegalStateException("var handle warm-up failed");
        }
        List<QuerySampleResponse> responses = List.of(new QuerySampleResponse(0, null));
        List<io.llmharness.loadgen.QuerySample> samples = List.of(new io.llmharness.loadgen.QuerySample(0, 0));
        IssuedQuery query = IssuedQuery.of(samples, 0, 0, 0);
        if (responses.size() + query.size() != 2 || query.scheduledNanos(0) != 0) {
            throw new IllegalStateException("warm-up failed");
        }
    }

    private static long[] filled(int n) {
        long[] a = new long[n];
        Arrays.fill(a, MISSING);
        return a;
    }

    Wakeup wakeup() {
        return wakeup;
    }

    void start(long startNanos) {
        start = startNanos;
    }

    long startNanos() {
        return start;
    }

    /** Marks query {@code q}'s samples as issued at {@code issuedOffset} ns after the start (before issueQuery). */
    void markIssued(int q, long issuedOffset) {
        int first = plan.firstSample(q);
        int size = plan.querySize(q);
        for (int i = first; i < first + size; i++) {
            BITS.getAndBitwiseOr(issuedBits, i >>> 6, 1L << i);
        }
        if (queryIssuedAt != null) {
            queryIssuedAt[q] = issuedOffset;
        }
        issued.addAndGet(size);
    }

    long issuedSamples() {
        return issued.get();
    }

    long completedSamples() {
        return completed;
    }

    boolean allIssuedDone() {
        return completed >= issued.get();
    }

    private boolean isIssued(int i) {
        return (((long) BITS.getAcquire(issuedBits, i >>> 6)) & (1L << i)) != 0;
    }

    private boolean isDone(int i) {
        return (doneBits[i >>> 6] & (1L << i)) != 0;
    }

    /** Records a batch of completions that all happened at {@code now}; see {@link #logAccuracy} for the provider. */
    void complete(List<QuerySampleResponse> responses, long now, UnaryOperator<QuerySampleResponse> dataProvider) {
        synchronized (this) {
            for (QuerySampleResponse r : responses) {
                completeOne(r, now, dataProvider);
            }
        }
        wakeup.wake();
    }

    /** Records a batch of first tokens that all arrived at {@code now}. */
    void firstToken(List<QuerySampleResponse> responses, long now) {
        synchronized (this) {
            for (QuerySampleResponse r : responses) {
                firstTokenOne(r, now);
            }
        }
    }

    /** Position of a response id in this run, or -1 after logging why it is not one of ours. */
    private int position(long id) {
        if (closed || Long.compareUnsigned(id, firstId) < 0) {
            detail.error(
                    "error_runtime",
                    "Received completion for an old sample. Min expected id: "
                            + Long.toUnsignedString(closed ? firstId + generated : firstId) + " Actual id: "
                            + Long.toUnsignedString(id));
            return -1;
        }
        long i = id - firstId;
        if (i >= generated || !isIssued((int) i)) {
            tooLargeMaxIndex = Math.max(tooLargeMaxIndex, i);
            return -1;
        }
        return (int) i;
    }

    private void completeOne(QuerySampleResponse r, long now, UnaryOperator<QuerySampleResponse> dataProvider) {
        int i = position(r.id());
        if (i < 0) {
            return;
        }
        if (isDone(i)) {
            logAccuracy(i, r, dataProvider);
            detail.error("error_runtime", TWICE);
            return;
        }
        long scheduledOffset = times[i];
        long latency = now - start - scheduledOffset;
        maxLatency = Math.max(maxLatency, latency);
        maxCompletion = Math.max(maxCompletion, now);
        logAccuracy(i, r, dataProvider);
        traceCompletion(i, scheduledOffset, now);
        if (useTokens) {
            recordTokens(i, r.nTokens(), latency);
        }
        times[i] = latency;
        doneBits[i >>> 6] |= 1L << i;
        completed = completed + 1;
    }

    private void recordTokens(int i, long nTokens, long latency) {
        if (needsFirstToken && firstToken[i] == MISSING) {
            detail.error("error_runtime", "Attempted to record a sample latency before it's first token latency");
        }
        long n = nTokens;
        if (n == 0) {
            detail.error("error_runtime", "n_tokens argument missing or attempted to record 0 as number of tokens");
        } else if (n < 0) {
            detail.error("error_runtime", "Attempted to record a negative number of tokens");
            n = 0;
        } else if (n == 1) {
            detail.error("error_runtime", "Number of tokens need to be greater than 1");
            n = 0;
        }
        long ttft = firstToken[i] == MISSING ? 0 : firstToken[i];
        tokens[i] = n;
        timePerOutputToken[i] = (latency - ttft) / (n - 1);
    }

    private void firstTokenOne(QuerySampleResponse r, long now) {
        int i = position(r.id());
        if (i < 0) {
            return;
        }
        boolean tokenAccuracy = useTokens && needsFirstToken && plan.logsAccuracy(i);
        if (tokenAccuracy) {
            firstTokenData.put(i, r.data().clone());
        }
        if (isDone(i)) {
            detail.error("error_runtime", "Attempted to record token latency after sample was completed");
            return;
        }
        if (firstToken == null) {
            return;
        }
        if (firstToken[i] != MISSING) {
            detail.error("error_runtime", TWICE);
            return;
        }
        long scheduledOffset = times[i];
        firstToken[i] = now - start - scheduledOffset;
        if (trace.enabled()) {
            long q = i / plan.samplesPerQuery();
            long scheduled = start + scheduledOffset;
            long issuedAt = start + queryIssuedAt[(int) q];
            if (scenario == Scenario.SERVER) {
                trace.latencyCounter("Token_Latency", scheduled, issuedAt, now);
            } else {
                trace.sample(
                        "Token", firstId + i, plan.firstQueryId() + q, plan.sampleIndex(i), scheduled, issuedAt, now);
            }
        }
    }

    /** Writes the accuracy entry if this sample is logged; only then is the SUT's data provider asked. */
    private void logAccuracy(int i, QuerySampleResponse response, UnaryOperator<QuerySampleResponse> dataProvider) {
        if (!plan.logsAccuracy(i)) {
            return;
        }
        QuerySampleResponse r = dataProvider == null ? response : dataProvider.apply(response);
        byte[] tokenData = null;
        Long tokenCount = null;
        if (useTokens) {
            tokenCount = r.nTokens();
            if (needsFirstToken) {
                byte[] cached = firstTokenData.remove(i);
                tokenData = cached == null ? new byte[0] : cached;
            }
        }
        accuracy.entry(firstId + i, plan.sampleIndex(i), r.data(), tokenData, tokenCount);
    }

    private void traceCompletion(int i, long scheduledOffset, long now) {
        if (!trace.enabled()) {
            return;
        }
        int q = i / plan.samplesPerQuery();
        long scheduled = start + scheduledOffset;
        long issuedAt = start + queryIssuedAt[q];
        if (scenario == Scenario.SERVER) {
            trace.latencyCounter("Latency", scheduled, issuedAt, now);
        }
        trace.sample("Sample", firstId + i, plan.firstQueryId() + q, plan.sampleIndex(i), scheduled, issuedAt, now);
    }

    /**
     * Closes the run (later completions count as old samples), logs the end-of-series errors and returns the
     * issued samples' latencies compacted to the front of the arrays.
     *
     * @param lastQuery index of the last issued query, or -1 when none was issued
     * @param lastQueryScheduledOffset its scheduled time, ns after the start
     * @param multiStreamQueries MultiStream: number of queries whose latency to report (0 elsewhere)
     */
    synchronized Collected collect(int lastQuery, long lastQueryScheduledOffset, int multiStreamQueries) {
        closed = true;
        long lastDoneOffset = 0;
        if (lastQuery >= 0) {
            lastDoneOffset = lastQueryScheduledOffset + maxLatencyOf(lastQuery);
        }
        long[] queryLatencies = new long[multiStreamQueries];
        for (int q = 0; q < multiStreamQueries; q++) {
            queryLatencies[q] = maxLatencyOf(q);
        }
        int n = 0;
        long incomplete = 0;
        for (int i = 0; i < generated; i++) {
            if (!isIssued(i)) {
                continue;
            }
            if (!isDone(i)) {
                incomplete++;
                times[i] = MISSING;
            }
            times[n] = times[i];
            if (useTokens) {
                firstToken[n] = firstToken[i] == MISSING ? 0 : firstToken[i];
                timePerOutputToken[n] = timePerOutputToken[i];
                tokens[n] = tokens[i];
            }
            n++;
        }
        if (tooLargeMaxIndex >= 0) {
            detail.error(
                    "error_runtime",
                    "Received SequenceId that was too large. expected_size: " + n + " actual_size: "
                            + (tooLargeMaxIndex + 1));
        }
        if (incomplete != 0) {
            detail.error(
                    "error_runtime",
                    "Encountered incomplete samples at the end of a series of queries. count: " + incomplete);
        }
        return new Collected(
                n,
                times,
                firstToken,
                timePerOutputToken,
                tokens,
                queryLatencies,
                maxLatency,
                maxCompletion,
                lastDoneOffset);
    }

    /** Latest completion of query {@code q}'s samples relative to its scheduled time (its query latency). */
    private long maxLatencyOf(int q) {
        int first = plan.firstSample(q);
        long max = Long.MIN_VALUE;
        for (int i = first; i < first + plan.querySize(q); i++) {
            max = Math.max(max, isDone(i) ? times[i] : MISSING);
        }
        return max;
    }

    /**
     * The measurements of a closed run.
     *
     * @param sampleCount issued samples; arrays hold them in positions {@code [0, sampleCount)}
     * @param latencies per-sample latency, ns
     * @param queryLatencies MultiStream per-query latencies, ns
     * @param maxLatencyNs largest latency seen
     * @param maxCompletionNanos latest completion time (clock ns)
     * @param lastQueryDoneOffset when the last issued query completed, ns after the start
     */
    record Collected(
            int sampleCount,
            long[] latencies,
            long[] firstToken,
            long[] timePerOutputToken,
            long[] tokens,
            long[] queryLatencies,
            long maxLatencyNs,
            long maxCompletionNanos,
            long lastQueryDoneOffset) {}
}
