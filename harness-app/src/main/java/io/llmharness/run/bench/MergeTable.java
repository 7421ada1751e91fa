package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-shard table of a merge: each shard's index, directory, requests, failures, the instant its first stage
 * started (and how far after the shared start instant), and its clock offset against the server's {@code Date}
 * header with the offset's uncertainty. A shard whose offset is beyond the threshold by more than its uncertainty
 * gets a warning: its stages ran out of step with the others by about that much.
 */
final class MergeTable {

    /**
     * One shard's row.
     *
     * @param index shard index
     * @param dir its run directory
     * @param requests measured requests
     * @param failures of those, failed
     * @param startedAt when its first stage started (its own clock), or null
     * @param startOffsetMs how long after the shared start instant, or null
     * @param offsetMs clock offset (server minus shard), or null when not measured
     * @param uncertaintyMs the offset's half-width, or null
     * @param offsetProblem why there is no offset, or null
     */
    record Row(
            int index,
            String dir,
            long requests,
            long failures,
            String startedAt,
            Double startOffsetMs,
            Double offsetMs,
            Double uncertaintyMs,
            String offsetProblem) {}

    private MergeTable() {}

    /** The row of a shard. */
    static Row row(MergeShard s) {
        JsonNode clock = s.shardJson().path("clock_offset");
        long failed = s.records().requests().stream().filter(r -> !r.ok()).count();
        JsonNode first = s.shardJson().path("stages").path(0);
        return new Row(
                s.id().index(),
                s.dir().toString(),
                s.records().requests().size(),
                failed,
                MergeReport.text(first.path("started_at")),
                number(s.shardJson().path("start_offset_ms")),
                number(clock.path("offset_ms")),
                number(clock.path("uncertainty_ms")),
                clock.isMissingNode()
                        ? "not measured (written before clock offsets were)"
                        : MergeReport.text(clock.path("problem")));
    }

    /** Whether a row's offset is beyond {@code thresholdMs} even at the near end of its uncertainty. */
    static boolean skewed(Row r, double thresholdMs) {
        return r.offsetMs() != null && Math.abs(r.offsetMs()) - r.uncertaintyMs() > thresholdMs;
    }

    /** The table for the terminal, with a header line. */
    static List<String> lines(List<Row> rows) {
        List<String> out = new ArrayList<>();
        out.add(String.format(
                Locale.ROOT,
                "%-6s %9s %9s  %-30s %12s  %s",
                "shard",
                "requests",
                "failures",
                "first stage started",
                "after start",
                "clock offset (vs server)"));
        for (Row r : rows) {
            out.add(String.format(
                    Locale.ROOT,
                    "%-6d %9d %9d  %-30s %12s  %s",
                    r.index(),
                    r.requests(),
                    r.failures(),
                    r.startedAt() == null ? "-" : r.startedAt(),
                    r.startOffsetMs() == null ? "-" : String.format(Locale.ROOT, "%.1f ms", r.startOffsetMs()),
                    offset(r)));
        }
        return out;
    }

    /** {@code +12 ms ± 70 ms}, or why there is none. */
    static String offset(Row r) {
        if (r.offsetMs() == null) {
            return "unknown: " + (r.offsetProblem() == null ? "not measured" : r.offsetProblem());
        }
        return String.format(Locale.ROOT, "%+.0f ms ± %.0f ms", r.offsetMs(), r.uncertaintyMs());
    }

    /** The row as summary.json's {@code shards} section holds it. */
    static Map<String, Object> json(Row r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", r.index());
        m.put("dir", r.dir());
        m.put("requests", r.requests());
        m.put("failures", r.failures());
        m.put("started_at", r.startedAt());
        m.put("start_offset_ms", r.startOffsetMs());
        m.put("clock_offset_ms", r.offsetMs());
        m.put("clock_offset_uncertainty_ms", r.uncertaintyMs());
        m.put("clock_offset_problem", r.offsetProblem());
        return m;
    }

    private static Double number(JsonNode n) {
        return n.isNumber() ? n.asDouble() : null;
    }
}
