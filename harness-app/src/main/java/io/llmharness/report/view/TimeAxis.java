package io.llmharness.report.view;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.StageWindow;
import io.llmharness.report.chart.Ticks;
import java.util.List;

/**
 * The time axis of a report: from the first request or stage start, whichever is earlier, to the last completion or
 * stage end, cut into equal buckets of a round width. Times stay relative to the run start, so a warm-up before
 * the measured run is off the axis (it starts at the first stage) but the numbers still say when things happened. The width aims at about 20 requests per bucket, between 10
 * and 120 buckets, never below 10 ms.
 *
 * <p>Latency over time is bucketed by each request's scheduled time; when every request was scheduled at about the
 * same instant (an MLPerf Offline run issues all samples at once) it is bucketed by the time the client dispatched
 * the request instead, and {@link #byDispatch()} says so.
 *
 * @param originNs start of bucket 0, relative to the run start
 * @param widthNs bucket width
 * @param buckets number of buckets
 * @param endNs end of the axis (the last bucket may end after it)
 * @param byDispatch latency is bucketed by dispatch time, not scheduled time
 */
record TimeAxis(long originNs, long widthNs, int buckets, long endNs, boolean byDispatch) {

    static final long MIN_WIDTH_NS = 10_000_000L;
    static final int MIN_BUCKETS = 10;
    static final int MAX_BUCKETS = 120;

    static TimeAxis of(List<RequestRecord> records, long anchor, List<StageWindow> stages) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        long minSched = Long.MAX_VALUE;
        long maxSched = Long.MIN_VALUE;
        for (RequestRecord r : records) {
            long start = r.scheduledNs() != ABSENT ? r.scheduledNs() : r.issuedNs();
            if (start != ABSENT) {
                lo = Math.min(lo, start - anchor);
            }
            if (r.doneNs() != ABSENT) {
                hi = Math.max(hi, r.doneNs() - anchor);
            }
            if (r.scheduledNs() != ABSENT) {
                minSched = Math.min(minSched, r.scheduledNs());
                maxSched = Math.max(maxSched, r.scheduledNs());
            }
        }
        for (StageWindow s : stages) {
            lo = Math.min(lo, s.startNs());
            hi = Math.max(hi, s.endNs());
        }
        if (lo == Long.MAX_VALUE) { // nothing recorded: the run start
            lo = 0;
        }
        hi = Math.max(hi, lo);
        long span = Math.max(hi - lo, MIN_WIDTH_NS);
        int target = Math.max(MIN_BUCKETS, Math.min(MAX_BUCKETS, records.size() / 20));
        long width = width(span, target);
        long origin = Math.floorDiv(lo, width) * width;
        int n = (int) Math.max(1, (hi - origin + width - 1) / width);
        boolean byDispatch = minSched == Long.MAX_VALUE || maxSched - minSched < width;
        return new TimeAxis(origin, width, n, Math.max(hi, origin + 1), byDispatch && records.size() > 1);
    }

    /**
     * The round width giving at most {@code target} buckets over the span, narrowed along the 1-2-5 ladder while
     * that leaves fewer than {@link #MIN_BUCKETS} (rounding up to a round width can halve the count), never below
     * {@link #MIN_WIDTH_NS}.
     */
    static long width(long spanNs, int target) {
        double step = Ticks.niceStep(spanNs / 1e9 / target);
        while (spanNs / 1e9 / step < MIN_BUCKETS - 1e-9 && step * 1e9 > MIN_WIDTH_NS) {
            step = Ticks.niceStep(step * 0.39); // the next rung down: 5 -> 2 -> 1 -> 0.5
        }
        return Math.max(MIN_WIDTH_NS, Math.round(step * 1e9));
    }

    /** The bucket of a time relative to the run start, clamped to the axis. */
    int bucket(long relNs) {
        long b = Math.floorDiv(relNs - originNs, widthNs);
        return (int) Math.max(0, Math.min(buckets - 1, b));
    }

    /** Start of a bucket, relative to the run start. */
    long start(int b) {
        return originNs + b * widthNs;
    }

    /** Seconds the bucket covers on the axis (the last one may be cut short by the axis end). */
    double coveredSeconds(int b) {
        long end = Math.min(start(b + 1), Math.max(endNs, start(b) + 1));
        return (end - start(b)) / 1e9;
    }

    /** Bucket centers in seconds from the run start. */
    double[] centers() {
        double[] x = new double[buckets];
        for (int b = 0; b < buckets; b++) {
            x[b] = (start(b) + widthNs / 2.0) / 1e9;
        }
        return x;
    }

    /** The axis range in seconds, {start, end}. */
    double[] domain() {
        return new double[] {originNs / 1e9, Math.max(endNs, originNs + widthNs) / 1e9};
    }

    /** The bucket width as text, e.g. {@code 500 ms} or {@code 10 s}. */
    String widthText() {
        return widthNs < 1_000_000_000L ? widthNs / 1_000_000 + " ms" : Ticks.label(widthNs / 1e9) + " s";
    }

    /** The time a request is bucketed by for latency over time, relative to the run start, or ABSENT. */
    long latencyKey(RequestRecord r, long anchor) {
        long t = byDispatch ? first(r.dispatchedNs(), r.sentNs(), r.issuedNs()) : first(r.scheduledNs(), r.issuedNs());
        return t == ABSENT ? ABSENT : t - anchor;
    }

    private static long first(long... ts) {
        for (long t : ts) {
            if (t != ABSENT) {
                return t;
            }
        }
        return ABSENT;
    }
}
