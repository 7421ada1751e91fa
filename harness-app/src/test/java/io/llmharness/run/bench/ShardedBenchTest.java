package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.cli.ExitCodes;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.report.RunOutputs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three {@code harness bench --shard I/3} runs at once against one simulator on loopback, sharing a start instant:
 * together they send exactly the requests of one unsharded run, and their latency histograms add up to histograms
 * whose percentiles are those of all shards' raw per-request values within the histograms' precision.
 */
class ShardedBenchTest {

    static final String PROFILE = ShardFixture.profile("""
            - rate: 6
              duration: 2
            """, 12);

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    Path out;

    private BenchFixture.Outcome run(Path dir, Path profile, String... extra) {
        return ShardFixture.run(sim.server(), dir, profile, 2, extra);
    }

    @Test
    void threeShardsSendOneRunsRequestsAndTheirHistogramsMergeExactly() throws Exception {
        Path profile = out.resolve("sharded.yaml");
        Files.writeString(profile, PROFILE);
        BenchFixture.Outcome whole = run(out.resolve("whole"), profile);
        assertThat(whole.exit()).as(whole.err()).isEqualTo(ExitCodes.OK);

        Instant startAt = ShardFixture.sharedStart();
        List<Path> shards = ShardFixture.threeShards(sim.server(), out, profile, 2, startAt);

        // counts: 12 requests split 4/4/4, and the shards' prompts are exactly the unsharded run's
        List<Long> wholeInputs = inputTokens(whole.run());
        List<Long> shardInputs = new ArrayList<>();
        long outputTokens = 0;
        for (int i = 0; i < 3; i++) {
            Path s = shards.get(i);
            JsonNode stage = json(s.resolve("stage_0_lifecycle_metrics.json"));
            assertThat(stage.path("load_summary").path("count").asInt()).isEqualTo(4);
            shardInputs.addAll(inputTokens(s));
            JsonNode file = json(s.resolve(ShardFile.FILE));
            assertThat(file.path("shard").asText()).isEqualTo(i + "/3");
            assertThat(file.path("start_at").asText()).isEqualTo(startAt.toString());
            assertThat(Instant.parse(
                            file.path("stages").path(0).path("started_at").asText()))
                    .as("the first stage starts no earlier than the shared instant")
                    .isAfterOrEqualTo(startAt.minusMillis(1));
            for (RequestRecord r : RunOutputs.readRecords(s).requests()) {
                outputTokens += r.ok() ? r.outputTokens() : 0;
            }
        }
        assertThat(shardInputs).containsExactlyInAnyOrderElementsOf(wholeInputs);
        long shardOutputSum = 0;
        for (Path s : shards) {
            shardOutputSum += json(s.resolve("summary.json"))
                    .path("stages")
                    .path(0)
                    .path("metrics")
                    .path("tokens")
                    .path("output_total")
                    .asLong(-1);
        }
        assertThat(outputTokens).isPositive();

        // histograms: the sum of the shards' equals the raw values of all their requests, percentile by percentile
        for (LatencyMetric m : List.of(LatencyMetric.TTFT, LatencyMetric.E2E_LATENCY, LatencyMetric.TPOT)) {
            Histogram merged = new Histogram(3);
            List<RequestRecord> all = new ArrayList<>();
            for (Path s : shards) {
                merged.add(histograms(s).get("stage0." + m.key()));
                assertThat(histograms(s).get("total." + m.key()).getTotalCount())
                        .isEqualTo(histograms(s).get("stage0." + m.key()).getTotalCount());
                all.addAll(RunOutputs.readRecords(s).requests());
            }
            List<Long> raw = ShardFixture.sortedValues(all, m);
            assertThat(merged.getTotalCount()).as(m.key()).isEqualTo(raw.size());
            for (double p : List.of(1.0, 10.0, 50.0, 90.0, 99.0, 100.0)) {
                long expected = ShardFixture.percentile(raw, p);
                long got = merged.getValueAtPercentile(p);
                assertThat(merged.valuesAreEquivalent(got, expected))
                        .as("%s p%s: merged %d, raw %d", m.key(), p, got, expected)
                        .isTrue();
            }
        }
        assertThat(shardOutputSum).as("summary.json output totals add up").isEqualTo(outputTokens);
    }

    @Test
    void aBadShardOrStartInstantOrAnUnsplittableStageIsOneUsageLineAndNothingIsSent() throws IOException {
        Path profile = out.resolve("sharded.yaml");
        Files.writeString(profile, PROFILE);
        for (List<String> bad : List.of(
                List.of("--shard", "3/3"),
                List.of("--shard", "x"),
                List.of("--start-at", "tomorrow"),
                List.of("--shard", "12/13"))) {
            BenchFixture.Outcome o = run(out.resolve("bad"), profile, bad.toArray(String[]::new));
            assertThat(o.exit()).as(bad + ": " + o.err()).isEqualTo(ExitCodes.USAGE);
            assertThat(o.errorLines()).as(bad.toString()).hasSize(1);
            assertThat(o.errorLines().get(0)).contains(bad.get(0));
            assertThat(o.err()).doesNotContain("Exception");
            assertThat(o.runs()).isEmpty();
        }
    }

    private static List<Long> inputTokens(Path run) {
        List<Long> out = new ArrayList<>();
        for (RequestRecord r : RunOutputs.readRecords(run).requests()) {
            out.add(r.inputTokens());
        }
        return out;
    }

    static Map<String, Histogram> histograms(Path run) throws IOException {
        Map<String, Histogram> out = new HashMap<>();
        try (InputStream in = Files.newInputStream(run.resolve(BenchHistograms.FILE));
                HistogramLogReader r = new HistogramLogReader(in)) {
            EncodableHistogram h;
            while ((h = r.nextIntervalHistogram()) != null) {
                out.put(h.getTag(), (Histogram) h);
            }
        }
        return out;
    }
}
