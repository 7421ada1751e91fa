package io.llmharness.client.record;

import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Everything the client recorded, frozen for report writers.
 *
 * @param wallClockAnchor wall-clock time that corresponds to {@code nanoAnchor}; absolute time of a record's
 *     milestone {@code t} is {@code wallClockAnchor + (t - nanoAnchor)} ns
 * @param nanoAnchor {@link System#nanoTime()} taken together with {@code wallClockAnchor}
 * @param requests one record per HTTP request, in completion order
 * @param chunkGaps pooled {@code itl_chunk} histogram (ns)
 * @param tokenGaps pooled {@code itl_token} histogram (ns)
 */
public record RecordSnapshot(
        Instant wallClockAnchor,
        long nanoAnchor,
        List<RequestRecord> requests,
        Histogram chunkGaps,
        Histogram tokenGaps) {

    public RecordSnapshot {
        requests = List.copyOf(requests);
    }

    /** Absolute time of a nanoTime milestone, or null for {@link RequestRecord#ABSENT}. */
    public Instant toInstant(long nanoTime) {
        return nanoTime == RequestRecord.ABSENT ? null : wallClockAnchor.plusNanos(nanoTime - nanoAnchor);
    }

    /** Requests that did not succeed. */
    public long failures() {
        return requests.stream().filter(r -> !r.ok()).count();
    }
}
