package io.llmharness.loadgen.schedule;

import java.util.Arrays;

/**
 * The pre-generated queries of one run, stored as primitive arrays (no object per sample) so that a one-hour
 * Server run at 10k QPS (36M samples) fits in a few hundred MB.
 *
 * <p>Query {@code q} holds samples {@code [q * spq, q * spq + size(q))}; every query has {@code spq} samples
 * except possibly the last one (the Offline accuracy remainder). Per sample the plan keeps its QSL index, a
 * time slot (the query's scheduled offset from the run start in ns, which the recorder later overwrites with
 * the sample's latency) and whether its response goes into the accuracy log.
 */
public final class QueryPlan {

    private final int queryCount;
    private final int samplesPerQuery;
    private final int sampleCount;
    private final int[] sampleIndex;
    private final long[] times;
    private final long[] accuracyLogBits;
    private final long generatedDuration;
    private final long firstSampleId;
    private final long firstQueryId;

    QueryPlan(
            int queryCount,
            int samplesPerQuery,
            int sampleCount,
            int[] sampleIndex,
            long[] times,
            long[] accuracyLogBits,
            long generatedDuration,
            long firstSampleId,
            long firstQueryId) {
        this.queryCount = queryCount;
        this.samplesPerQuery = samplesPerQuery;
        this.sampleCount = sampleCount;
        this.sampleIndex = sampleIndex;
        this.times = times;
        this.accuracyLogBits = accuracyLogBits;
        this.generatedDuration = generatedDuration;
        this.firstSampleId = firstSampleId;
        this.firstQueryId = firstQueryId;
    }

    /** Number of generated queries. */
    public int queryCount() {
        return queryCount;
    }

    /** Samples per query (after equal-issue padding), as logged in {@code generated_samples_per_query}. */
    public int samplesPerQuery() {
        return samplesPerQuery;
    }

    /** Total generated samples. */
    public int sampleCount() {
        return sampleCount;
    }

    /** First sample of query {@code q}. */
    public int firstSample(int q) {
        return q * samplesPerQuery;
    }

    /** Number of samples in query {@code q}. */
    public int querySize(int q) {
        return Math.min(samplesPerQuery, sampleCount - q * samplesPerQuery);
    }

    /** QSL index of sample {@code i}. */
    public int sampleIndex(int i) {
        return sampleIndex[i];
    }

    /** The per-sample time slots (scheduled offsets, later latencies); shared, not copied. */
    public long[] times() {
        return times;
    }

    /** Whether sample {@code i}'s response goes into the accuracy log. */
    public boolean logsAccuracy(int i) {
        return (accuracyLogBits[i >>> 6] & (1L << i)) != 0;
    }

    /** One interval past the last query's scheduled offset, in ns ({@code generated_query_duration}). */
    public long generatedDuration() {
        return generatedDuration;
    }

    /** Sequence id (= {@code QuerySample.id}) of the first sample. */
    public long firstSampleId() {
        return firstSampleId;
    }

    /** Sequence id of the first query. */
    public long firstQueryId() {
        return firstQueryId;
    }

    /** Collects a plan query by query, growing its arrays as needed. */
    static final class Builder {
        private int[] index;
        private long[] times;
        private long[] bits;
        private int samples;
        private int queries;
        private final int spq;

        Builder(int samplesPerQuery, long expectedSamples) {
            this.spq = samplesPerQuery;
            int capacity = (int) Math.min(Math.max(expectedSamples, 16), Integer.MAX_VALUE - 64);
            index = new int[capacity];
            times = new long[capacity];
            bits = new long[(capacity + 63) >>> 6];
        }

        int samples() {
            return samples;
        }

        int queries() {
            return queries;
        }

        /** Starts a query at {@code scheduledDelta}; returns the position of its first sample. */
        int beginQuery(int size, long scheduledDelta) {
            ensure(samples + size);
            Arrays.fill(times, samples, samples + size, scheduledDelta);
            queries++;
            int first = samples;
            samples += size;
            return first;
        }

        void set(int position, int qslIndex, boolean logAccuracy) {
            index[position] = qslIndex;
            if (logAccuracy) {
                bits[position >>> 6] |= 1L << position;
            }
        }

        private void ensure(long needed) {
            if (needed <= index.length) {
                return;
            }
            if (needed > Integer.MAX_VALUE - 64) {
                throw new IllegalStateException("a run of more than 2^31 samples is not supported");
            }
            int capacity = (int) Math.min(Math.max(needed, index.length + (index.length >> 1)), Integer.MAX_VALUE - 64);
            index = Arrays.copyOf(index, capacity);
            times = Arrays.copyOf(times, capacity);
            bits = Arrays.copyOf(bits, (capacity + 63) >>> 6);
        }

        QueryPlan build(long generatedDuration, long firstSampleId, long firstQueryId) {
            return new QueryPlan(
                    queries, spq, samples, index, times, bits, generatedDuration, firstSampleId, firstQueryId);
        }
    }
}
