package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.cli.ExitCodes;
import io.llmharness.client.record.RequestRecord;
import io.llmharness.metrics.LatencyMetric;
import io.llmharness.simulator.SimulatorServer;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * What the sharded-run tests share ({@link ShardedBenchTest}, {@link ShardMergeTest}): one random-data Poisson
 * profile, the {@code harness bench} arguments of a shard, three shards started together on a shared instant, and
 * the raw percentile their merged histograms are held to.
 */
final class ShardFixture {

    private ShardFixture() {}

    /**
     * A streamed completions profile against a vLLM-type server, every lifecycle report on.
     *
     * @param stages the {@code load.stages} list, YAML, one {@code - rate: R} line and its {@code duration: S} line
     *     per stage, indented by two
     * @param count how many prompts the random data set holds
     */
    static String profile(String stages, int count) {
        return """
                load:
                  type: poisson
                  stages:
                %s  request_timeout: 30
                api: {type: completion, streaming: true}
                server: {type: vllm, ignore_eos: true}
                data:
                  type: random
                  input_distribution: {min: 10, max: 60, mean: 30, std: 10, total_count: %d}
                  output_distribution: {min: 4, max: 20, mean: 10, std_dev: 4, total_count: %d}
                report:
                  request_lifecycle: {summary: true, per_stage: true, per_request: true}
                """.formatted(stages.indent(2), count, count);
    }

    /** The environment that points {@code harness bench} at the simulator, as llm-d-benchmark sets it. */
    static Map<String, String> env(SimulatorServer sim) {
        return Map.of(
                "LLMDBENCH_DEPLOY_CURRENT_MODEL", "sim-model", "LLMDBENCH_HARNESS_STACK_ENDPOINT_URL", sim.baseUrl());
    }

    /** {@code harness bench} on this profile with the simulator's tokenizer, seed 7, then {@code extra}. */
    static BenchFixture.Outcome run(SimulatorServer sim, Path dir, Path profile, int warmupRequests, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "-w",
                profile.toString(),
                "--tokenizer",
                "simulator",
                "--warmup-requests",
                String.valueOf(warmupRequests),
                "--seed",
                "7"));
        args.addAll(List.of(extra));
        return bench(dir, env(sim), new BenchControl(), args.toArray(String[]::new));
    }

    /** A start instant far enough ahead for three JVM-local runs to be ready before it, on a whole second. */
    static Instant sharedStart() {
        return Instant.now().plusSeconds(6).truncatedTo(ChronoUnit.SECONDS);
    }

    /**
     * Runs shards 0/3, 1/3 and 2/3 at once into {@code out/shard<i>}, all starting at {@code startAt}; asserts each
     * ended OK and returns their run directories in shard order.
     */
    static List<Path> threeShards(SimulatorServer sim, Path out, Path profile, int warmupRequests, Instant startAt)
            throws Exception {
        List<CompletableFuture<BenchFixture.Outcome>> futures = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String shard = i + "/3";
            Path dir = out.resolve("shard" + i);
            futures.add(CompletableFuture.supplyAsync(
                    () -> run(sim, dir, profile, warmupRequests, "--shard", shard, "--start-at", startAt.toString())));
        }
        List<Path> shards = new ArrayList<>();
        for (CompletableFuture<BenchFixture.Outcome> f : futures) {
            BenchFixture.Outcome o = f.get(120, TimeUnit.SECONDS);
            assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
            shards.add(o.run());
        }
        return shards;
    }

    /** The metric's values of the succeeded requests, sorted. */
    static List<Long> sortedValues(List<RequestRecord> records, LatencyMetric metric) {
        List<Long> raw = new ArrayList<>();
        for (RequestRecord r : records) {
            if (r.ok()) {
                raw.add(metric.valueNs(r));
            }
        }
        raw.sort(null);
        return raw;
    }

    /** The nearest-rank percentile {@code p} (0 to 100) of sorted values. */
    static long percentile(List<Long> sorted, double p) {
        return sorted.get((int) Math.max(0, Math.ceil(p / 100 * sorted.size()) - 1));
    }
}
