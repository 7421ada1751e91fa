package io.llmharness.loadgen.run;

import io.llmharness.loadgen.IssueListener;
import io.llmharness.loadgen.QuerySample;
import io.llmharness.loadgen.Scenario;
import io.llmharness.loadgen.SystemUnderTest;
import io.llmharness.loadgen.clock.Clock;
import io.llmharness.loadgen.log.DetailLog;
import io.llmharness.loadgen.schedule.EffectiveSettings;
import io.llmharness.loadgen.schedule.QueryPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * Issues a run's pre-generated queries (every {@code stride}-th one from {@code offset}, so several issue
 * threads can share a Server run): waits per scenario, calls the SUT, and applies the C++ stopping rules
 * (natural end, max query count, max duration, too many outstanding queries).
 */
final class IssueLoop {

    /**
     * What one issuing thread did.
     *
     * @param queriesIssued queries issued (coalesced ones counted individually)
     * @param ranOut the generated queries ran out before a natural end (never for Server)
     * @param lastQuery index of the highest query issued, -1 if none
     * @param lastScheduledDelta its generated scheduled offset, ns
     * @param lastScheduledOffset its actual scheduled time after the start, ns (SS/MS: its issue time)
     * @param lastIssuedOffset its issue time after the start, ns
     */
    record Progress(
            long queriesIssued,
            boolean ranOut,
            int lastQuery,
            long lastScheduledDelta,
            long lastScheduledOffset,
            long lastIssuedOffset) {}

    private final Clock clock;
    private final SystemUnderTest sut;
    private final QueryPlan plan;
    private final RunRecorder recorder;
    private final EffectiveSettings settings;
    private final boolean accuracyMode;
    private final DetailLog detail;
    private final IssueListener listener;
    private final BooleanSupplier aborted;
    private final AtomicLong sharedIssued = new AtomicLong();

    /** Longest single sleep before a Server query, so an abort is noticed within this time (ns). */
    private static final long MAX_SLEEP_SLICE_NANOS = 50_000_000;

    IssueLoop(
            Clock clock,
            SystemUnderTest sut,
            QueryPlan plan,
            RunRecorder recorder,
            EffectiveSettings settings,
            boolean accuracyMode,
            DetailLog detail,
            IssueListener listener,
            BooleanSupplier aborted) {
        this.clock = clock;
        this.sut = sut;
        this.plan = plan;
        this.recorder = recorder;
        this.settings = settings;
        this.accuracyMode = accuracyMode;
        this.detail = detail;
        this.listener = listener;
        this.aborted = aborted;
    }

    /** Issues queries {@code offset, offset + stride, ...} of the run that started at {@code start}. */
    Progress run(int stride, int offset, long start) {
        Scenario scenario = settings.scenario();
        boolean multiThread = stride > 1;
        long minQueries = share(settings.minQueryCount(), stride, offset);
        long maxQueries = share(settings.maxQueryCount(), stride, offset);
        long targetDuration = settings.targetDurationMs() * 1_000_000L;
        long maxDuration = settings.maxDurationMs() * 1_000_000L;
        boolean coalesce = scenario == Scenario.SERVER && settings.requested().serverCoalesceQueries;
        long[] times = plan.times();
        boolean ranOut = scenario != Scenario.SERVER;
        long issuedHere = 0;
        int lastQuery = -1;
        long lastDelta = 0;
        long lastScheduled = 0;
        long lastIssued = 0;
        int count = plan.queryCount();
        loop:
        for (int q = offset; q < count; q += stride) {
            if (aborted.getAsBoolean()) {
                ranOut = false;
                break;
            }
            int first = plan.firstSample(q);
            long delta = times[first];
            long now;
            long scheduledOffset;
            switch (scenario) {
                case SINGLE_STREAM, MULTI_STREAM -> {
                    clock.await(() -> recorder.allIssuedDone() || aborted.getAsBoolean(), recorder.wakeup());
                    if (aborted.getAsBoolean()) {
                        ranOut = false;
                        break loop;
                    }
                    now = clock.nanoTime();
                    scheduledOffset = now - start;
                    Arrays.fill(times, first, first + plan.querySize(q), scheduledOffset);
                }
                case SERVER -> {
                    scheduledOffset = delta;
                    long due = start + delta;
                    now = clock.nanoTime();
                    while (now - due < 0 && !aborted.getAsBoolean()) {
                        // Sleep in slices so abortTest() is noticed; the last slice still ends exactly on time.
                        clock.sleepUntil(due - now > MAX_SLEEP_SLICE_NANOS ? now + MAX_SLEEP_SLICE_NANOS : due);
                        now = clock.nanoTime();
                    }
                    if (aborted.getAsBoolean()) {
                        break loop;
                    }
                }
                default -> {
                    scheduledOffset = 0;
                    now = clock.nanoTime();
                }
            }
            int lastInCall = q;
            if (coalesce) {
                while (lastInCall + stride < count && start + times[plan.firstSample(lastInCall + stride)] - now <= 0) {
                    lastInCall += stride;
                }
            }
            List<QuerySample> samples = new ArrayList<>(plan.querySize(q) * ((lastInCall - q) / stride + 1));
            long issuedOffset = now - start;
            for (int k = q; k <= lastInCall; k += stride) {
                int f = plan.firstSample(k);
                long kDelta = times[f];
                recorder.markIssued(k, issuedOffset);
                if (listener != null) {
                    long scheduledAt = scenario == Scenario.SERVER ? start + kDelta : start + scheduledOffset;
                    listener.queryIssued(scheduledAt, now, plan.querySize(k));
                }
                for (int i = f; i < f + plan.querySize(k); i++) {
                    samples.add(new QuerySample(plan.firstSampleId() + i, plan.sampleIndex(i)));
                }
                lastDelta = k == q ? delta : kDelta;
                lastScheduled = scenario == Scenario.SERVER ? kDelta : scheduledOffset;
            }
            sut.issueQuery(samples);
            long perIter = (lastInCall - q) / stride + 1;
            issuedHere += perIter;
            lastQuery = lastInCall;
            lastIssued = issuedOffset;
            q = lastInCall;
            if (accuracyMode) {
                continue;
            }
            long duration = now - start;
            if (scenario == Scenario.SERVER) {
                if (settings.maxAsyncQueries() != 0) {
                    long total = multiThread ? sharedIssued.addAndGet(perIter) : issuedHere;
                    long outstanding = total - recorder.completedSamples();
                    if (Long.compareUnsigned(outstanding, settings.maxAsyncQueries()) > 0) {
                        detail.error(
                                "error_runtime",
                                "IssueQueryThread " + offset + " Ending early: Too many outstanding queries."
                                        + " issued " + total + " outstanding " + outstanding);
                        break;
                    }
                }
            } else if (issuedHere >= minQueries && duration >= targetDuration) {
                detail.string("generic_message", "Ending naturally: Minimum query count and test duration met.");
                ranOut = false;
                break;
            }
            if (settings.maxQueryCount() != 0 && issuedHere >= maxQueries) {
                detail.error(
                        "error_runtime",
                        "IssueQueryThread " + offset + " Ending early: Max query count reached. query_count "
                                + issuedHere);
                ranOut = false;
                break;
            }
            if (settings.maxDurationMs() != 0 && duration > maxDuration) {
                detail.error(
                        "error_runtime",
                        "IssueQueryThread " + offset + " Ending early: Max test duration reached. duration_ns "
                                + duration);
                ranOut = false;
                break;
            }
        }
        return new Progress(issuedHere, ranOut, lastQuery, lastDelta, lastScheduled, lastIssued);
    }

    /** This thread's share of a query-count limit when {@code stride} threads split the run. */
    private static long share(long total, int stride, int offset) {
        return offset < total % stride ? total / stride + 1 : total / stride;
    }
}
