package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.workload.data.WorkloadRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The per-request lifecycle entries of a shard ({@code per_request_lifecycle_metrics.json}, when its profile asked
 * for it) by the shard's own {@code sample_index}, and the request and record of one shard's request as the merged
 * run numbers it: the full run's index {@code local × N + I}, the numbering {@link Shard#partition} draws the
 * requests by, so the shards' indices never collide.
 */
final class MergeRequests {

    /** The inference-perf per-request file. */
    static final String PER_REQUEST = "per_request_lifecycle_metrics.json";

    private MergeRequests() {}

    /** The shard's entries by sample index; empty when it wrote none. */
    static Map<Long, JsonNode> entries(Path dir) {
        Map<Long, JsonNode> out = new HashMap<>();
        Path file = dir.resolve(PER_REQUEST);
        if (Files.isRegularFile(file)) {
            for (JsonNode e : MergeShard.json(file)) {
                out.put(e.path("info").path("extra_info").path("sample_index").asLong(-1), e);
            }
        }
        return out;
    }

    /** The merged run's number of a shard's request or sample index. */
    static long global(long local, int index, int count) {
        return local * count + index;
    }

    /** A record moved onto the merged time base ({@code deltaNs} later) and renumbered. */
    static RequestRecord shifted(RequestRecord r, long deltaNs, int index, int count) {
        long[] chunks = r.chunkTimesNs();
        long[] moved = null;
        if (chunks != null) {
            moved = new long[chunks.length];
            for (int i = 0; i < chunks.length; i++) {
                moved[i] = chunks[i] + deltaNs;
            }
        }
        return new RequestRecord(
                global(r.requestId(), index, count),
                r.endpoint(),
                r.endpointUrl(),
                global(r.sampleIndex(), index, count),
                r.promptCount(),
                r.stream(),
                shift(r.scheduledNs(), deltaNs),
                shift(r.issuedNs(), deltaNs),
                shift(r.dispatchedNs(), deltaNs),
                shift(r.connectedNs(), deltaNs),
                shift(r.sentNs(), deltaNs),
                shift(r.headersNs(), deltaNs),
                shift(r.roleNs(), deltaNs),
                shift(r.firstTokenNs(), deltaNs),
                shift(r.lastTokenNs(), deltaNs),
                shift(r.doneNs(), deltaNs),
                r.chunks(),
                r.maxGapNs(),
                r.inputTokens(),
                r.outputTokens(),
                r.outputTokenSource(),
                r.httpStatus(),
                r.retries(),
                r.outcome(),
                moved,
                r.clientWait());
    }

    private static long shift(long t, long deltaNs) {
        return t == RequestRecord.ABSENT ? t : t + deltaNs;
    }

    /**
     * A request as the merged reports know it from a shard's files: no prompt text (the per-request file keeps the
     * shard's own request body), the client's prompt token count where the shard recorded one.
     *
     * @param item the merged sample index
     * @param session the session, or null
     * @param promptTokens the client's count of the prompt, -1 if unknown
     */
    record Recorded(long item, String session, int promptTokens) implements WorkloadRequest {
        @Override
        public int maxTokens() {
            return 0;
        }

        @Override
        public io.llmharness.client.Prompt prompt() {
            return null;
        }
    }
}
