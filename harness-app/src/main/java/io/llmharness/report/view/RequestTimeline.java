package io.llmharness.report.view;

import static io.llmharness.client.record.RequestRecord.ABSENT;

import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.LatencyMetric;
import java.util.List;

/**
 * The time series of a run, per bucket of a {@link TimeAxis}: completions and failures per second (by completion
 * time), output tokens per second (each request's tokens spread evenly from its first to its last token), TTFT,
 * TPOT and e2e percentiles (by scheduled time, successful requests), schedule delay percentiles (by scheduled time,
 * every request), and the client's requests in flight (dispatched → done) and queued (issued → dispatched).
 *
 * @param axis the buckets
 * @param okPerS successful completions per second
 * @param failedPerS failed completions per second
 * @param tokensPerS output tokens per second
 * @param ttft p50, p90, p99 of TTFT in ms
 * @param tpot p50, p90, p99 of TPOT in ms
 * @param e2e p50, p90, p99 of e2e latency in ms
 * @param delay p50, p99 and max of schedule delay in ms
 * @param inFlight mean and max requests in flight
 * @param queued mean and max requests waiting in the client for an in-flight slot
 */
record RequestTimeline(
        TimeAxis axis,
        double[] okPerS,
        double[] failedPerS,
        double[] tokensPerS,
        double[][] ttft,
        double[][] tpot,
        double[][] e2e,
        double[][] delay,
        double[][] inFlight,
        double[][] queued) {

    static final double[] LATENCY_PERCENTILES = {50, 90, 99};

    static RequestTimeline of(List<RequestRecord> records, long anchor, TimeAxis axis) {
        int nb = axis.buckets();
        double[] ok = new double[nb];
        double[] failed = new double[nb];
        double[] tokens = new double[nb];
        double[] slope = new double[nb + 1];
        BucketValues ttft = new BucketValues(nb, records.size());
        BucketValues tpot = new BucketValues(nb, records.size());
        BucketValues e2e = new BucketValues(nb, records.size());
        BucketValues delay = new BucketValues(nb, records.size());
        Levels inFlight = new Levels(records.size());
        Levels queued = new Levels(records.size());
        for (RequestRecord r : records) {
            if (r.doneNs() != ABSENT) {
                (r.ok() ? ok : failed)[axis.bucket(r.doneNs() - anchor)]++;
            }
            long key = axis.latencyKey(r, anchor);
            if (key != ABSENT) {
                int b = axis.bucket(key);
                long d = LatencyMetric.SCHEDULE_DELAY.valueNs(r);
                if (d != ABSENT) {
                    delay.add(b, Math.max(0, d));
                }
                if (r.ok()) {
                    add(ttft, b, LatencyMetric.TTFT.valueNs(r));
                    add(tpot, b, LatencyMetric.TPOT.valueNs(r));
                    add(e2e, b, LatencyMetric.E2E_LATENCY.valueNs(r));
                }
            }
            if (r.ok() && r.outputTokens() > 0) {
                spread(r, anchor, axis, tokens, slope);
            }
            if (r.dispatchedNs() != ABSENT && r.doneNs() != ABSENT) {
                inFlight.add(r.dispatchedNs() - anchor, r.doneNs() - anchor);
            }
            if (r.issuedNs() != ABSENT) {
                long end = r.dispatchedNs() != ABSENT ? r.dispatchedNs() : r.doneNs();
                if (end != ABSENT) {
                    queued.add(r.issuedNs() - anchor, end - anchor);
                }
            }
        }
        double run = 0;
        for (int b = 0; b < nb; b++) {
            run += slope[b];
            tokens[b] += run;
            double s = axis.coveredSeconds(b);
            ok[b] /= s;
            failed[b] /= s;
            tokens[b] /= s;
        }
        return new RequestTimeline(
                axis,
                ok,
                failed,
                tokens,
                ttft.percentilesMs(LATENCY_PERCENTILES),
                tpot.percentilesMs(LATENCY_PERCENTILES),
                e2e.percentilesMs(LATENCY_PERCENTILES),
                delay.percentilesMs(50, 99, 100),
                inFlight.perBucket(axis),
                queued.perBucket(axis));
    }

    private static void add(BucketValues into, int b, long v) {
        if (v != ABSENT) {
            into.add(b, Math.max(0, v));
        }
    }

    /**
     * Adds a request's output tokens to the buckets its decoding overlaps, in proportion: the edge buckets
     * directly, the buckets in between through a running slope (constant work per request).
     */
    private static void spread(RequestRecord r, long anchor, TimeAxis axis, double[] tokens, double[] slope) {
        long end = r.lastTokenNs() != ABSENT ? r.lastTokenNs() : r.doneNs();
        long start = r.firstTokenNs() != ABSENT ? r.firstTokenNs() : end;
        if (end == ABSENT) {
            return;
        }
        long a = start - anchor;
        long b = end - anchor;
        int ia = axis.bucket(a);
        int ib = axis.bucket(b);
        if (ia == ib || b <= a) {
            tokens[ib] += r.outputTokens();
            return;
        }
        double perNs = (double) r.outputTokens() / (b - a);
        tokens[ia] += perNs * (axis.start(ia + 1) - a);
        tokens[ib] += perNs * (b - axis.start(ib));
        if (ib > ia + 1) {
            slope[ia + 1] += perNs * axis.widthNs();
            slope[ib] -= perNs * axis.widthNs();
        }
    }
}
