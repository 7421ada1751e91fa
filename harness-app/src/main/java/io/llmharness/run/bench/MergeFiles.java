package io.llmharness.run.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.error.HarnessException;
import io.llmharness.report.RunOutputs;
import io.llmharness.report.format.BenchReport;
import io.llmharness.report.format.StageResult;
import io.llmharness.report.render.RunReports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the merged run directory: the files of a single {@code harness bench} run, from the merged report (request
 * tables, lifecycle files, Benchmark Report, vLLM-style results, summary.json), except that
 * {@value BenchHistograms#FILE} is the shards' histograms summed and {@code per_request_lifecycle_metrics.json} is
 * the shards' entries (with their request bodies) on the merged time base; {@code summary.json} gains a
 * {@code shards} section, the shards' client-health verdicts ({@link MergeHealth}), and {@code shard.json} says
 * what was merged.
 */
final class MergeFiles {

    private MergeFiles() {}

    /** Writes everything into {@code dir}. */
    static void write(
            Path dir,
            BenchReport report,
            List<MergeShard> shards,
            MergeHistograms hists,
            List<MergeTable.Row> table,
            List<Integer> missing,
            List<String> commandLine,
            MergeHealth health) {
        MergeShard first = shards.get(0);
        Map<String, Object> config = MergeShard.YAML.convertValue(first.config(), new TypeReference<>() {});
        config.put("run_id", dir.getFileName().toString());
        config.put(
                "rerun",
                String.join(" ", commandLine.stream().map(BenchFiles::quote).toList()));
        config.put("command_line", commandLine);
        config.put("merged_from", shards.stream().map(s -> s.dir().toString()).toList());
        BenchFiles.write(dir, first.id().profileName(), first.id().profileText(), config);
        BenchOutputs.write(report, dir);
        hists.write(dir, report.wallAnchor());
        if (report.spec().report().perRequest()) {
            perRequest(dir, report.wallAnchor(), shards);
        }
        shardJson(dir, report, table, missing, first);
        summary(dir, table, missing, first.id().count(), health);
        // the page of the merged run, as a single run has (its problems are the page's own, not the merge's)
        RunReports.writeBench(dir, BenchOutputs.snapshot(report));
    }

    private static void perRequest(Path dir, Instant anchor, List<MergeShard> shards) {
        List<ObjectNode> all = new ArrayList<>();
        for (MergeShard s : shards) {
            double delta = Duration.between(anchor, s.anchor()).toNanos() / 1e9;
            for (JsonNode e : MergeRequests.entries(s.dir()).values()) {
                ObjectNode o = e.deepCopy();
                move(o, "start_time", delta);
                move(o, "end_time", delta);
                ObjectNode info = (ObjectNode) o.path("info");
                if (info.path("response_metrics").path("chunk_times") instanceof ArrayNode times) {
                    for (int i = 0; i < times.size(); i++) {
                        if (times.get(i).isNumber()) {
                            times.set(i, times.get(i).asDouble() + delta);
                        }
                    }
                }
                if (info.path("extra_info") instanceof ObjectNode extra) {
                    move(extra, "scheduled_time", delta);
                    extra.put(
                            "sample_index",
                            MergeRequests.global(extra.path("sample_index").asLong(), s.id().index(), s.id().count()));
                    extra.put("shard", s.id().index());
                }
                all.add(o);
            }
        }
        all.sort(Comparator.comparingLong(
                o -> o.path("info").path("extra_info").path("sample_index").asLong()));
        Path file = dir.resolve(MergeRequests.PER_REQUEST);
        try {
            MergeShard.JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), all);
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void move(ObjectNode o, String field, double delta) {
        if (o.path(field).isNumber()) {
            o.put(field, o.path(field).asDouble() + delta);
        }
    }

    private static void shardJson(
            Path dir, BenchReport report, List<MergeTable.Row> table, List<Integer> missing, MergeShard first) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("shard", "0/1");
        doc.put("index", 0);
        doc.put("count", 1);
        doc.put("start_at", first.id().startAt());
        doc.put("merged_shards", first.id().count());
        doc.put("missing_shards", missing);
        List<Map<String, Object>> stages = new ArrayList<>();
        for (StageResult s : report.stages()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("stage", s.index());
            m.put("started_at", report.instant(s.startNs()).toString());
            m.put("ended_at", report.instant(s.endNs()).toString());
            m.put("requests", s.metrics().requests());
            stages.add(m);
        }
        doc.put("stages", stages);
        doc.put("shards", table.stream().map(MergeTable::json).toList());
        Path file = dir.resolve(ShardFile.FILE);
        try {
            MergeShard.JSON.writer().with(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), doc);
        } catch (IOException e) {
            throw HarnessException.execution("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Adds the {@code shards} section to summary.json (through a temporary file and a rename, as it was written). */
    private static void summary(
            Path dir, List<MergeTable.Row> table, List<Integer> missing, int count, MergeHealth health) {
        Path file = dir.resolve(RunOutputs.SUMMARY_JSON);
        Path tmp = dir.resolve(RunOutputs.SUMMARY_JSON + ".tmp");
        try {
            ObjectNode doc = (ObjectNode) MergeShard.JSON.readTree(file.toFile());
            ObjectNode merge = doc.putObject("merge");
            merge.put("shard_count", count);
            merge.putPOJO("missing_shards", missing);
            merge.put(
                    "percentiles",
                    "latency percentiles from the shards' HdrHistograms summed (3 significant digits); counts,"
                            + " token totals, means, min and max exact over all shards' requests");
            merge.put(
                    "duration",
                    "earliest scheduled start of any shard to the latest completion of any shard, on the shards'"
                            + " wall clocks; rates are totals over that duration");
            merge.putPOJO("shards", table.stream().map(MergeTable::json).toList());
            if (health.section() != null) {
                doc.set(MergeHealth.FIELD, MergeShard.JSON.valueToTree(health.section()));
            }
            for (JsonNode stage : doc.path("stages")) {
                Map<String, Object> h =
                        health.stageSections().get(stage.path("index").asInt(-1));
                if (h != null && stage instanceof ObjectNode o) {
                    o.set(MergeHealth.FIELD, MergeShard.JSON.valueToTree(h));
                }
            }
            MergeShard.JSON.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), doc);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | ClassCastException e) {
            throw HarnessException.execution("cannot add the shard table to " + file + ": " + e.getMessage(), e);
        }
    }
}
