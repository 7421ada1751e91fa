package io.llmharness.metrics;

import io.llmharness.client.record.RequestRecord;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * Service-level objectives for goodput: an upper bound per per-request latency metric, in nanoseconds. A successful
 * request meets the SLOs when each bounded metric's value is at most its bound; a metric the request has no value
 * for (e.g. {@code tpot} of a one-token answer) does not count against it.
 *
 * @param thresholdsNs bound per metric, in nanoseconds; pooled metrics ({@code itl_*}) are not allowed
 */
public record SloSpec(Map<LatencyMetric, Long> thresholdsNs) {

    /** No objectives: goodput is not reported. */
    public static final SloSpec NONE = new SloSpec(Map.of());

    public SloSpec {
        EnumMap<LatencyMetric, Long> copy = new EnumMap<>(LatencyMetric.class);
        thresholdsNs.forEach((metric, bound) -> {
            if (!metric.perRequest()) {
                throw new IllegalArgumentException(metric.key() + " has no per-request value and cannot be an SLO");
            }
            if (bound == null || bound < 0) {
                throw new IllegalArgumentException("SLO bound for " + metric.key() + " must be >= 0 ns");
            }
            copy.put(metric, bound);
        });
        thresholdsNs = Collections.unmodifiableMap(copy);
    }

    /** Whether any objective is set. */
    public boolean isEmpty() {
        return thresholdsNs.isEmpty();
    }

    /** This spec plus one bound. */
    public SloSpec with(LatencyMetric metric, long boundNs) {
        EnumMap<LatencyMetric, Long> next = new EnumMap<>(LatencyMetric.class);
        next.putAll(thresholdsNs);
        next.put(metric, boundNs);
        return new SloSpec(next);
    }

    /** Whether a request succeeded and meets every objective. */
    public boolean meets(RequestRecord r) {
        if (!r.ok()) {
            return false;
        }
        for (Map.Entry<LatencyMetric, Long> e : thresholdsNs.entrySet()) {
            long v = e.getKey().valueNs(r);
            if (v != RequestRecord.ABSENT && v > e.getValue()) {
                return false;
            }
        }
        return true;
    }
}
