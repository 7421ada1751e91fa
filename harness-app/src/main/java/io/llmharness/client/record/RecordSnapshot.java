package io.llmharness.client.record;

import java.time.Instant;
import java.util.ArrayList;
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

    /**
     * The requests grouped by the server they went to: entry {@code i} holds those of endpoint {@code i}, in
     * their order here; requests with no endpoint, or one at or past {@code endpoints}, are left out.
     */
    public List<List<RequestRecord>> byEndpoint(int endpoints) {
        List<List<RequestRecord>> out = new ArrayList<>(endpoints);
        for (int i = 0; i < endpoints; i++) {
            out.add(new ArrayList<>());
        }
        for (RequestRecord r : requests) {
            if (r.endpoint() >= 0 && r.endpoint() < endpoints) {
                out.get(r.endpoint()).add(r);
            }
        }
        return out;
    }
}
