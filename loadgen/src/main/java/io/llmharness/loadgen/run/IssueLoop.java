package io.llmharness.loadgen.run;

import io.llmharness.loadgen.IssuedQuery;
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
 *
 * <p>The per-query work is one small method ({@link Cursor#issueNext}) rather than the body of one long
 * loop, so the JIT compiles it normally after a few thousand queries instead of waiting for an on-stack
 * replacement of the whole loop; that shortens the warm-up during which Server issue times slip.
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

    /** Longest single sleep before a Server query, so an abort is noticed within this time (ns). */
    private static final long MAX_SLEEP_SLICE_NANOS = 50_000_000;

    private final Clock clock;
    private final SystemUnderTest sut;
    private final QueryPlan plan;
    private final RunRecorder recorder;
    private final EffectiveSettings settings;
    private final boolean accuracyMode;
    private final DetailLog detail;
    private final BooleanSupplier aborted;
    private final AtomicLong sharedIssued = new AtomicLong();

    IssueLoop(
            Clock clock,
            SystemUnderTest sut,
            QueryPlan plan,
            RunRecorder recorder,
            EffectiveSettings settings,
            boolean accuracyMode,
            DetailLog detail,
            BooleanSupplier aborted) {
        this.clock = clock;
        this.sut = sut;
        this.plan = plan;
        this.recorder = recorder;
        this.settings = settings;
        this.accuracyMode = accuracyMode;
        this.detail = detail;
        this.aborted = aborted;
    }

    /** Issues queries {@code offset, offset + stride, ...} of the run that started at {@code start}. */
    Progress run(int stride, int offset, long start) {
        Cursor c = new Cursor(stride, offset, start);
        while (c.q < plan.queryCount() && c.issueNext()) {
            c.q += stride;
        }
        return new Progress(c.issuedHere, c.ranOut, c.lastQuery, c.lastDelta, c.lastScheduled, c.lastIssued);
    }

    /** One issuing thread's position and counters. */
    private final class Cursor {
        final int stride;
        final int offset;
        final long start;
        final Scenario scenario = settings.scenario();
        final long minQueries;
        final long maxQueries;
        final long targetDuration = settings.targetDurationMs() * 1_000_000L;
        final long maxDuration = settings.maxDurationMs() * 1_000_000L;
        final boolean coalesce = scenario == Scenario.SERVER && settings.requested().serverCoalesceQueries;
        final long[] times = plan.times();
        int q;
        boolean ranOut = scenario != Scenario.SERVER;
        long issuedHere;
        int lastQuery = -1;
        long lastDelta;
        long lastScheduled;
        long lastIssued;

        Cursor(int stride, int offset, long start) {
            this.stride = stride;
            this.offset = offset;
            this.start = start;
            this.q = offset;
            this.minQueries = share(settings.minQueryCount(), stride, offset);
            this.maxQueries = share(settings.maxQueryCount(), stride, offset);
        }

        /** Waits for and issues query {@code q} (and any it coalesces); false when issuing must stop. */
        boolean issueNext() {
            if (aborted.getAsBoolean()) {
                ranOut = false;
                return false;
            }
            int first = plan.firstSample(q);
            long delta = times[first];
            long scheduledOffset;
            long now;
            switch (scenario) {
                case SINGLE_STREAM, MULTI_STREAM -> {
                    clock.await(() -> recorder.allIssuedDone() || aborted.getAsBoolean(), recorder.wakeup());
                    if (aborted.getAsBoolean()) {
                        ranOut = false;
                        return false;
                    }
                    now = clock.nanoTime();
                    scheduledOffset = now - start;
                    Arrays.fill(times, first, first + plan.querySize(q), scheduledOffset);
                }
                case SERVER -> {
                    scheduledOffset = delta;
                    now = waitUntil(start + delta);
                    if (aborted.getAsBoolean()) {
                        return false;
                    }
                }
                default -> {
                    scheduledOffset = 0;
                    now = clock.nanoTime();
                }
            }
            int lastInCall = coalesce ? lastDue(now) : q;
            long issuedOffset = now - start;
            sut.issueQuery(issued(q, lastInCall, delta, scheduledOffset, now));
            long perIter = (lastInCall - q) / stride + 1;
            issuedHere += perIter;
            lastQuery = lastInCall;
            lastIssued = issuedOffset;
            q = lastInCall;
            return accuracyMode || keepGoing(perIter, now - start);
        }

        private long waitUntil(long due) {
            long now = clock.nanoTime();
            while (now - due < 0 && !aborted.getAsBoolean()) {
                // Sleep in slices so abortTest() is noticed; the last slice still ends exactly on time.
                clock.sleepUntil(due - now > MAX_SLEEP_SLICE_NANOS ? now + MAX_SLEEP_SLICE_NANOS : due);
                now = clock.nanoTime();
            }
            return now;
        }

        /** Server coalescing: the last query (step {@code stride}) whose scheduled time has passed. */
        private int lastDue(long now) {
            int last = q;
            while (last + stride < plan.queryCount() && start + times[plan.firstSample(last + stride)] - now <= 0) {
                last += stride;
            }
            return last;
        }

        /**
         * Marks queries {@code q..last} issued and builds the argument of one issueQuery call: the samples, each
         * with its own query's scheduled time (Server coalescing puts several queries in one call).
         */
        private IssuedQuery issued(int q, int last, long delta, long scheduledOffset, long now) {
            long issuedOffset = now - start;
            if (q == last) {
                recorder.markIssued(q, issuedOffset);
                lastDelta = delta;
                lastScheduled = scheduledOffset;
                return IssuedQuery.of(samplesOf(q), start + scheduledOffset, now, start);
            }
            int queries = (last - q) / stride + 1;
            int[] starts = new int[queries];
            long[] scheduled = new long[queries];
            List<QuerySample> out = new ArrayList<>(plan.querySize(q) * queries);
            for (int j = 0, k = q; j < queries; j++, k += stride) {
                int f = plan.firstSample(k);
                // Only Server coalesces (scheduled = generated offset); a query's time slot still holds that offset
                // until one of its samples completes, which cannot happen before it is issued here.
                long kOffset = k == q ? delta : times[f];
                recorder.markIssued(k, issuedOffset);
                starts[j] = out.size();
                scheduled[j] = start + kOffset;
                for (int i = f; i < f + plan.querySize(k); i++) {
                    out.add(new QuerySample(plan.firstSampleId() + i, plan.sampleIndex(i)));
                }
                lastDelta = kOffset;
                lastScheduled = kOffset;
            }
            return IssuedQuery.coalesced(out, starts, scheduled, now, start);
        }

        /** The samples of query {@code q}; a one-sample query gets the smallest list. */
        private List<QuerySample> samplesOf(int q) {
            int f = plan.firstSample(q);
            int size = plan.querySize(q);
            if (size == 1) {
                return List.of(new QuerySample(plan.firstSampleId() + f, plan.sampleIndex(f)));
            }
            List<QuerySample> out = new ArrayList<>(size);
            for (int i = f; i < f + size; i++) {
                out.add(new QuerySample(plan.firstSampleId() + i, plan.sampleIndex(i)));
            }
            return out;
        }

        /** The C++ stopping rules after an issue; false to stop. */
        private boolean keepGoing(long perIter, long duration) {
            if (scenario == Scenario.SERVER) {
                if (settings.maxAsyncQueries() != 0) {
                    long total = stride > 1 ? sharedIssued.addAndGet(perIter) : issuedHere;
                    long outstanding = total - recorder.completedSamples();
                    if (Long.compareUnsigned(outstanding, settings.maxAsyncQueries()) > 0) {
                        detail.error(
                                "error_runtime",
                                "IssueQueryThread " + offset + " Ending early: Too many outstanding queries."
                                        + " issued " + total + " outstanding " + outstanding);
                        return false;
                    }
                }
            } else if (issuedHere >= minQueries && duration >= targetDuration) {
                detail.string("generic_message", "Ending naturally: Minimum query count and test duration met.");
                ranOut = false;
                return false;
            }
            if (settings.maxQueryCount() != 0 && issuedHere >= maxQueries) {
                detail.error(
                        "error_runtime",
                        "IssueQueryThread " + offset + " Ending early: Max query count reached. query_count "
                                + issuedHere);
                ranOut = false;
                return false;
            }
            if (settings.maxDurationMs() != 0 && duration > maxDuration) {
                detail.error(
                        "error_runtime",
                        "IssueQueryThread " + offset + " Ending early: Max test duration reached. duration_ns "
                                + duration);
                ranOut = false;
                return false;
            }
            return true;
        }
    }

    /** This thread's share of a query-count limit when {@code stride} threads split the run. */
    private static long share(long total, int stride, int offset) {
        return offset < total % stride ? total / stride + 1 : total / stride;
    }
}
