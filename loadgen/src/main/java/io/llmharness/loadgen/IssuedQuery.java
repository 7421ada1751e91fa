package io.llmharness.loadgen;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * What LoadGen hands the SUT in one {@link SystemUnderTest#issueQuery(IssuedQuery)} call: the samples, and for
 * each of them the time its query was scheduled for, so a SUT measures latency from the scheduled time without
 * asking anyone. All times are in ns of LoadGen's clock ({@link System#nanoTime()} on the real clock).
 *
 * <p>A call usually carries one query. In the Server scenario with {@code server_coalesce_queries}, every query
 * whose scheduled time has passed is issued in the same call: the call then holds several queries, in schedule
 * order, and each sample carries its own query's scheduled time ({@link #scheduledNanos(int)}).
 *
 * <p>The scheduled time is the Poisson arrival time in Server, the run start in Offline, and the issue time in
 * SingleStream and MultiStream (where the next query is due when the previous one completes). Immutable; the
 * sample list is not modified after the call.
 */
public final class IssuedQuery {

    private final List<QuerySample> samples;
    private final long scheduledNanos;
    private final int[] queryStarts;
    private final long[] queryScheduledNanos;
    private final long issuedNanos;
    private final long runStartNanos;

    private IssuedQuery(
            List<QuerySample> samples,
            long scheduledNanos,
            int[] queryStarts,
            long[] queryScheduledNanos,
            long issuedNanos,
            long runStartNanos) {
        this.samples = Objects.requireNonNull(samples, "samples");
        this.scheduledNanos = scheduledNanos;
        this.queryStarts = queryStarts;
        this.queryScheduledNanos = queryScheduledNanos;
        this.issuedNanos = issuedNanos;
        this.runStartNanos = runStartNanos;
    }

    /**
     * One query: every sample shares its scheduled time.
     *
     * @param samples the query's samples (not copied: the caller must not modify the list afterwards)
     * @param scheduledNanos when the query was due (clock ns)
     * @param issuedNanos when LoadGen issued it (clock ns)
     * @param runStartNanos when the run it belongs to started issuing (clock ns)
     */
    public static IssuedQuery of(List<QuerySample> samples, long scheduledNanos, long issuedNanos, long runStartNanos) {
        return new IssuedQuery(samples, scheduledNanos, null, null, issuedNanos, runStartNanos);
    }

    /**
     * Several queries issued in one call (Server coalescing).
     *
     * @param samples the samples of every query, query after query (not copied)
     * @param queryStarts position in {@code samples} of each query's first sample: starts at 0, strictly
     *     increasing (not copied)
     * @param queryScheduledNanos each query's scheduled time (clock ns), same length as {@code queryStarts} (not
     *     copied)
     * @param issuedNanos when LoadGen issued the call (clock ns)
     * @param runStartNanos when the run started issuing (clock ns)
     * @throws IllegalArgumentException when the arrays do not describe a split of {@code samples}
     */
    public static IssuedQuery coalesced(
            List<QuerySample> samples,
            int[] queryStarts,
            long[] queryScheduledNanos,
            long issuedNanos,
            long runStartNanos) {
        if (queryStarts.length == 0
                || queryStarts.length != queryScheduledNanos.length
                || queryStarts[0] != 0
                || queryStarts[queryStarts.length - 1] >= samples.size()) {
            throw new IllegalArgumentException("queryStarts must split the " + samples.size() + " samples into "
                    + queryScheduledNanos.length + " non-empty queries: " + Arrays.toString(queryStarts));
        }
        for (int q = 1; q < queryStarts.length; q++) {
            if (queryStarts[q] <= queryStarts[q - 1]) {
                throw new IllegalArgumentException(
                        "queryStarts must be strictly increasing: " + Arrays.toString(queryStarts));
            }
        }
        return new IssuedQuery(
                samples, queryScheduledNanos[0], queryStarts, queryScheduledNanos, issuedNanos, runStartNanos);
    }

    /** The samples, in LoadGen's order. */
    public List<QuerySample> samples() {
        return samples;
    }

    /** Number of samples. */
    public int size() {
        return samples.size();
    }

    /** The scheduled time (clock ns) of the query that sample {@code i} (position in {@link #samples()}) belongs to. */
    public long scheduledNanos(int i) {
        Objects.checkIndex(i, samples.size());
        if (queryStarts == null) {
            return scheduledNanos;
        }
        int q = Arrays.binarySearch(queryStarts, i);
        return queryScheduledNanos[q >= 0 ? q : -q - 2];
    }

    /** Number of LoadGen queries in this call: 1, or more when Server coalesced overdue queries. */
    public int queryCount() {
        return queryStarts == null ? 1 : queryStarts.length;
    }

    /** Position in {@link #samples()} of query {@code q}'s first sample. */
    public int queryStart(int q) {
        Objects.checkIndex(q, queryCount());
        return queryStarts == null ? 0 : queryStarts[q];
    }

    /** The scheduled time (clock ns) of query {@code q} of this call. */
    public long queryScheduledNanos(int q) {
        Objects.checkIndex(q, queryCount());
        return queryStarts == null ? scheduledNanos : queryScheduledNanos[q];
    }

    /** When LoadGen issued this call (clock ns), taken before the sample list was built. */
    public long issuedNanos() {
        return issuedNanos;
    }

    /**
     * When the run this call belongs to started issuing (clock ns): the performance run, or one accuracy series.
     * Scheduled offsets in LoadGen's logs count from here.
     */
    public long runStartNanos() {
        return runStartNanos;
    }

    @Override
    public String toString() {
        return "IssuedQuery[" + samples.size() + " samples, " + queryCount() + " queries, scheduled " + scheduledNanos
                + " ns, issued " + issuedNanos + " ns]";
    }
}
