package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.cli.Main;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.report.RunOutputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The local distributed run: three {@code harness bench --shard I/3} runs at once against one simulator on loopback,
 * then {@code harness merge}: the merged directory has every file a single run has, its request counts and token
 * totals are the sums of the shards', and each of its percentiles is that of all shards' raw per-request values
 * within the histograms' precision. Then the refusals, on the same shards.
 */
class ShardMergeTest {

    static final String PROFILE = ShardFixture.profile("""
            - rate: 6
              duration: 1
            - rate: 9
              duration: 1
            """, 15);

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    static Path out;

    static List<Path> shards = new ArrayList<>();

    record Run(int exit, String out, String err) {
        List<String> errorLines() {
            return err.lines()
                    .filter(l -> l.startsWith("harness: ") && !l.startsWith("harness: warning:"))
                    .toList();
        }
    }

    @BeforeAll
    static void runShards() throws Exception {
        Path profile = out.resolve("sharded.yaml");
        Files.writeString(profile, PROFILE);
        shards.addAll(ShardFixture.threeShards(sim.server(), out, profile, 1, ShardFixture.sharedStart()));
    }

    static Run merge(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(o, true));
        cl.setErr(new PrintWriter(e, true));
        int code = cl.execute(Stream.concat(Stream.of("merge"), Stream.of(args)).toArray(String[]::new));
        return new Run(code, o.toString(), e.toString());
    }

    @Test
    void theMergedRunHasEveryFileOfOneRunExactSumsAndThePercentilesOfAllShardsRequests() throws IOException {
        Path into = out.resolve("merged");
        Run m = merge(
                shards.get(2).toString(),
                shards.get(0).toString(),
                shards.get(1).toString(),
                "--output-dir",
                into.toString());
        assertThat(m.exit()).as(m.err()).isEqualTo(ExitCodes.OK);
        List<Path> runs = BenchFixture.runs(into);
        assertThat(runs).hasSize(1);
        Path merged = runs.get(0);

        assertThat(names(merged)).as("every file a single run writes").containsAll(names(shards.get(0)));

        // exact sums, per stage and in total
        JsonNode summary = json(merged.resolve("summary.json"));
        for (String field : List.of("requests", "succeeded")) {
            assertThat(summary.path("total").path(field).asLong()).as(field).isEqualTo(sum(field, null));
        }
        for (String field : List.of("input_total", "output_total", "client_output_total")) {
            assertThat(summary.path("total").path("tokens").path(field).asLong())
                    .as(field)
                    .isEqualTo(sum(field, "tokens"))
                    .isPositive();
        }
        for (int k = 0; k < 2; k++) {
            long stageSum = 0;
            for (Path s : shards) {
                stageSum += json(s.resolve("summary.json"))
                        .path("stages")
                        .path(k)
                        .path("metrics")
                        .path("requests")
                        .asLong();
            }
            assertThat(summary.path("stages")
                            .path(k)
                            .path("metrics")
                            .path("requests")
                            .asLong())
                    .as("stage " + k)
                    .isEqualTo(stageSum);
            assertThat(json(merged.resolve("stage_" + k + "_lifecycle_metrics.json"))
                            .path("load_summary")
                            .path("count")
                            .asLong())
                    .isEqualTo(stageSum);
        }
        assertThat(summary.path("stages")
                        .path(0)
                        .path("metrics")
                        .path("requests")
                        .asLong())
                .isEqualTo(6);
        assertThat(summary.path("stages")
                        .path(1)
                        .path("metrics")
                        .path("requests")
                        .asLong())
                .isEqualTo(9);
        List<RequestRecord> all = new ArrayList<>();
        shards.forEach(s -> all.addAll(RunOutputs.readRecords(s).requests()));
        assertThat(RunOutputs.readRecords(merged).requests()).hasSameSizeAs(all);
        assertThat(json(merged.resolve("per_request_lifecycle_metrics.json"))).hasSameSizeAs(all);

        // percentiles: within the histograms' precision of the raw values of every shard's requests
        Histogram precision = new Histogram(3);
        for (LatencyMetric metric : List.of(LatencyMetric.TTFT, LatencyMetric.E2E_LATENCY, LatencyMetric.TPOT)) {
            List<Long> raw = ShardFixture.sortedValues(all, metric);
            JsonNode stats = summary.path("total").path("latency_ms").path(metric.key());
            assertThat(stats.path("count").asLong()).isEqualTo(raw.size());
            for (double p : List.of(50.0, 90.0, 99.0)) {
                long expected = ShardFixture.percentile(raw, p);
                long got = Math.round(stats.path("p" + (long) p).asDouble() * 1e6);
                assertThat(precision.valuesAreEquivalent(got, expected))
                        .as("%s p%s: merged %d ns, raw %d ns", metric.key(), p, got, expected)
                        .isTrue();
            }
        }

        // the per-shard table, on the terminal and in summary.json
        JsonNode table = summary.path("merge").path("shards");
        assertThat(table).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(table.path(i).path("index").asInt()).isEqualTo(i);
            assertThat(table.path(i).path("requests").asLong())
                    .isEqualTo(RunOutputs.readRecords(shards.get(i)).requests().size());
            assertThat(table.path(i).has("clock_offset_ms")).isTrue();
        }
        assertThat(m.out()).contains("clock offset").contains("merged 3 of 3 shards");
        JsonNode shardFile = json(shards.get(0).resolve(ShardFile.FILE));
        // the simulator sends Date headers as uvicorn does: same machine, so the offset's interval holds 0
        JsonNode clock = shardFile.path("clock_offset");
        assertThat(clock.path("samples").asInt()).as(shardFile.toString()).isEqualTo(ClockProbe.PROBES);
        assertThat(Math.abs(clock.path("offset_ms").asDouble()))
                .isLessThanOrEqualTo(clock.path("uncertainty_ms").asDouble() + 1e-6);
        assertThat(table.path(0).path("clock_offset_uncertainty_ms").asDouble()).isPositive();
        assertThat(m.out()).contains(" ms ± ");

        // client health: client-limited if any shard's was, every shard's reasons prefixed by the shard
        List<String> reasons = new ArrayList<>();
        boolean limited = false;
        for (int i = 0; i < 3; i++) {
            JsonNode h = json(shards.get(i).resolve("summary.json")).path("client_health");
            assertThat(h.path("verdict").asText()).as("shard %d", i).isIn("ok", "client-limited");
            limited |= h.path("verdict").asText().equals("client-limited");
            int shard = i;
            h.path("reasons").forEach(r -> reasons.add("shard " + shard + ": " + r.asText()));
        }
        JsonNode health = summary.path("client_health");
        assertThat(health.path("verdict").asText()).isEqualTo(limited ? "client-limited" : "ok");
        assertThat(health.path("reasons")).extracting(JsonNode::asText).containsExactlyElementsOf(reasons);
        assertThat(health.path("shards")).hasSize(3);
        for (int k = 0; k < 2; k++) {
            JsonNode stage = summary.path("stages").path(k).path("client_health");
            assertThat(stage.path("shards")).as("stage %d", k).hasSize(3);
            assertThat(stage.path("verdict").asText()).isIn("ok", "client-limited");
        }
        assertThat(m.out().lines().filter(l -> l.startsWith("  client health: ")))
                .hasSize(2);
        assertThat(m.out().lines().filter(l -> l.startsWith("total: ")))
                .singleElement()
                .satisfies(l -> assertThat(l.endsWith(" (client-limited)"))
                        .isEqualTo(health.path("verdict").asText().equals("client-limited")));
    }

    @Test
    void aMissingShardIsRefusedNamingItUnlessAllowed() {
        Run m = merge(
                shards.get(0).toString(),
                shards.get(2).toString(),
                "--output-dir",
                out.resolve("m1").toString());
        assertThat(m.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(m.errorLines()).hasSize(1);
        assertThat(m.errorLines().get(0))
                .contains("shard 1/3 of the run of")
                .contains("is missing")
                .contains("--allow-missing");
        assertThat(m.err()).doesNotContain("Exception");

        Run ok = merge(
                shards.get(0).toString(),
                shards.get(2).toString(),
                "--allow-missing",
                "--output-dir",
                out.resolve("m2").toString());
        assertThat(ok.exit()).as(ok.err()).isEqualTo(ExitCodes.OK);
        assertThat(ok.out()).contains("merged 2 of 3 shards");
        assertThat(ok.err()).contains("missing: 1/3");
    }

    @Test
    void aDuplicateShardOrOneOfAnotherRunIsRefusedNamingTheDirectory() throws IOException {
        Run dup = merge(
                shards.get(0).toString(),
                shards.get(1).toString(),
                shards.get(1).toString(),
                "--output-dir",
                out.resolve("m3").toString());
        assertThat(dup.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(dup.errorLines()).hasSize(1);
        assertThat(dup.errorLines().get(0)).contains(shards.get(1).toString()).contains("again");

        Path other = out.resolve("other").resolve(shards.get(2).getFileName());
        copy(shards.get(2), other);
        ObjectNode file = (ObjectNode) json(other.resolve(ShardFile.FILE));
        file.put("start_at", "2030-01-01T00:00:00Z");
        BenchFixture.JSON.writeValue(other.resolve(ShardFile.FILE).toFile(), file);
        Run diff = merge(
                shards.get(0).toString(),
                shards.get(1).toString(),
                other.toString(),
                "--output-dir",
                out.resolve("m4").toString());
        assertThat(diff.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(diff.errorLines()).hasSize(1);
        assertThat(diff.errorLines().get(0)).contains(other.toString()).contains("2030-01-01T00:00:00Z");
        assertThat(BenchFixture.runs(out.resolve("m3"))).isEmpty();
    }

    private static long sum(String field, String section) {
        long total = 0;
        for (Path s : shards) {
            JsonNode t = json(s.resolve("summary.json")).path("total");
            total += (section == null ? t : t.path(section)).path(field).asLong();
        }
        return total;
    }

    /** The file names of a run, with the vLLM-style results' time stamps and rates (a shard's is a third) out. */
    private static List<String> names(Path run) {
        return BenchFixture.files(run).stream()
                .map(n -> n.replaceAll("\\d{8}-\\d{6}", "<time>").replaceAll("[0-9.]+qps", "<rate>qps"))
                .toList();
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> s = Files.list(from)) {
            for (Path f : s.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }
}
