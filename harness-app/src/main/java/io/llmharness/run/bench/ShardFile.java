package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes {@value #FILE}: which share of the load this run sent ({@code index}, {@code count}), the shared start
 * instant, and when each stage actually started on this machine's wall clock with its offset from the shared
 * instant in milliseconds: a shard whose clock is skewed, or that started late, shows it here. Every run writes it
 * (a whole run is shard 0/1), so {@code harness merge} can tell shards of one run apart.
 */
final class ShardFile {

    /** The file name in the run directory. */
    static final String FILE = "shard.json";

    private ShardFile() {}

    /** Writes the file into {@code dir}. */
    static void write(Path dir, ShardStart start, List<StageRun> stages) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("shard", start.shard().toString());
        doc.put("index", start.shard().index());
        doc.put("count", start.shard().count());
        doc.put("start_at", start.startAt() == null ? null : start.startAt().toString());
        List<Map<String, Object>> list = new ArrayList<>();
        for (StageRun s : stages) {
            Instant at = start.wallOf(s.startNs());
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("stage", s.index());
            m.put("started_at", at.toString());
            m.put("requests", s.records().size());
            list.add(m);
        }
        if (start.startAt() != null && !stages.isEmpty()) {
            Instant first = start.wallOf(stages.get(0).startNs());
            doc.put("start_offset_ms", Duration.between(start.startAt(), first).toNanos() / 1e6);
        } else {
            doc.put("start_offset_ms", null);
        }
        doc.put("stages", list);
        Path file = dir.resolve(FILE);
        try {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), doc);
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
