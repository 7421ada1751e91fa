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
 * instant, when each stage actually started and ended on this machine's wall clock with the first stage's offset
 * from the shared instant in milliseconds, and this machine's clock offset against the server's {@code Date} header
 * ({@link ClockOffset}; measured by sharded runs only): a shard whose clock is skewed, or that started late, shows it
 * here. Every run writes it (a whole run is shard 0/1), so {@code harness merge} can tell shards of one run apart.
 */
final class ShardFile {

    /** The file name in the run directory. */
    static final String FILE = "shard.json";

    private ShardFile() {}

    /**
     * The clock offset of a run that is one of several (a shard, or a run with a shared start instant), or a result
     * saying it was not measured.
     */
    static ClockProbe.Result clock(Shard shard, Instant startAt, String baseUrl) {
        if ((!shard.sharded() && startAt == null) || baseUrl == null) {
            return new ClockProbe.Result(null, null, "not measured (not a sharded run)");
        }
        return ClockProbe.measure(baseUrl);
    }

    /** Writes the file into {@code dir}. */
    static void write(Path dir, ShardStart start, List<StageRun> stages, ClockProbe.Result clock) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("shard", start.shard().toString());
        doc.put("index", start.shard().index());
        doc.put("count", start.shard().count());
        doc.put("start_at", start.startAt() == null ? null : start.startAt().toString());
        List<Map<String, Object>> list = new ArrayList<>();
        for (StageRun s : stages) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("stage", s.index());
            m.put("started_at", start.wallOf(s.startNs()).toString());
            m.put("ended_at", start.wallOf(Math.max(s.startNs(), s.endNs())).toString());
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
        doc.put("clock_offset", clock(clock));
        Path file = dir.resolve(FILE);
        try {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), doc);
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Object> clock(ClockProbe.Result c) {
        Map<String, Object> m = new LinkedHashMap<>();
        ClockOffset o = c == null ? null : c.offset();
        m.put("offset_ms", o == null ? null : o.offsetMs());
        m.put("uncertainty_ms", o == null ? null : o.uncertaintyMs());
        m.put("samples", o == null ? 0 : o.samples());
        m.put("against", c == null ? null : c.against());
        m.put("meaning", "server clock minus this machine's clock; the true offset is within offset ± uncertainty");
        m.put("problem", c == null ? "not measured" : c.problem());
        return m;
    }
}
