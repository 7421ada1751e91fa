package io.llmharness.run.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.llmharness.client.record.RecordSnapshot;
import io.llmharness.error.HarnessException;
import io.llmharness.report.RunOutputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One shard's run directory as {@code harness merge} reads it: {@code shard.json} (which share, the shared start
 * instant, stage start and end instants, clock offset), {@code summary.json} (stage sample ranges, planned requests,
 * run span, the workload), {@code config.resolved.yaml}, the rendered profile, and the request table. The
 * per-request lifecycle file and the latency histogram log are read by the merge when it writes those files.
 *
 * @param dir the run directory
 * @param id which shard of which run
 * @param shardJson shard.json
 * @param summary summary.json
 * @param config config.resolved.yaml
 * @param records the request table (times relative to the shard's run start, nano anchor 0)
 */
record MergeShard(Path dir, ShardId id, JsonNode shardJson, JsonNode summary, JsonNode config, RecordSnapshot records) {

    static final ObjectMapper JSON = new ObjectMapper();
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /**
     * What tells the shards of one run apart and together.
     *
     * @param dir the run directory
     * @param index shard index
     * @param count shards in the run
     * @param startAt the shared start instant as written, or null
     * @param harness the harness whose semantics the profile was read with
     * @param profileName the rendered profile's file name
     * @param profileText the rendered profile
     */
    record ShardId(
            Path dir, int index, int count, String startAt, String harness, String profileName, String profileText) {}

    /** The shard directories under the arguments: each is a run directory, or holds run directories. */
    static List<Path> find(List<Path> args) {
        List<Path> out = new ArrayList<>();
        for (Path a : args) {
            if (!Files.isDirectory(a)) {
                throw HarnessException.config("harness merge: " + a + " is not a directory");
            }
            if (Files.isRegularFile(a.resolve(ShardFile.FILE))) {
                out.add(a);
                continue;
            }
            int before = out.size();
            try (var children = Files.list(a)) {
                children.filter(c -> Files.isRegularFile(c.resolve(ShardFile.FILE)))
                        .sorted()
                        .forEach(out::add);
            } catch (IOException e) {
                throw HarnessException.config("harness merge: cannot list " + a + ": " + e.getMessage(), e);
            }
            if (out.size() == before) {
                throw HarnessException.config("harness merge: " + a + " holds no " + ShardFile.FILE
                        + " (nor does any directory in it): pass the run directories that"
                        + " 'harness bench --shard I/N' wrote");
            }
        }
        return out;
    }

    /** Reads what identifies a shard (cheap: no request table). */
    static ShardId id(Path dir) {
        JsonNode shard = json(dir.resolve(ShardFile.FILE));
        JsonNode summary = json(dir.resolve(RunOutputs.SUMMARY_JSON));
        String name = summary.path("workload").path("rendered_profile").asText(null);
        if (name == null || !Files.isRegularFile(dir.resolve(name))) {
            throw HarnessException.config("harness merge: " + dir.resolve(RunOutputs.SUMMARY_JSON)
                    + " names no rendered profile that exists in " + dir + " (workload.rendered_profile)");
        }
        if (!shard.path("index").canConvertToInt() || !shard.path("count").canConvertToInt()) {
            throw HarnessException.config(
                    "harness merge: " + dir.resolve(ShardFile.FILE) + " has no integer 'index' and 'count'");
        }
        return new ShardId(
                dir,
                shard.path("index").asInt(),
                shard.path("count").asInt(),
                shard.path("start_at").isNull() ? null : shard.path("start_at").asText(null),
                summary.path("workload").path("harness").asText(""),
                name,
                text(dir.resolve(name)));
    }

    /** Reads a whole shard. */
    static MergeShard read(ShardId id) {
        Path dir = id.dir();
        JsonNode config;
        try {
            config = YAML.readTree(dir.resolve(BenchFiles.RESOLVED).toFile());
        } catch (IOException e) {
            throw HarnessException.config(
                    "harness merge: cannot read " + dir.resolve(BenchFiles.RESOLVED) + ": " + e.getMessage(), e);
        }
        return new MergeShard(
                dir,
                id,
                json(dir.resolve(ShardFile.FILE)),
                json(dir.resolve(RunOutputs.SUMMARY_JSON)),
                config,
                RunOutputs.readRecords(dir));
    }

    /** The wall-clock instant of the shard's nano time 0 (its request table's origin). */
    Instant anchor() {
        return records.wallClockAnchor() != null
                ? records.wallClockAnchor()
                : Instant.parse(summary.path("run").path("start").asText());
    }

    /** Stage {@code k} of summary.json. */
    JsonNode summaryStage(int k) {
        for (JsonNode s : summary.path("stages")) {
            if (s.path("index").asInt(-1) == k) {
                return s;
            }
        }
        return JSON.missingNode();
    }

    /** Stage {@code k} of shard.json. */
    JsonNode shardStage(int k) {
        for (JsonNode s : shardJson.path("stages")) {
            if (s.path("stage").asInt(-1) == k) {
                return s;
            }
        }
        return JSON.missingNode();
    }

    static JsonNode json(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw HarnessException.config("harness merge: cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw HarnessException.config("harness merge: cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
