package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.metrics.PrometheusText;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness bench --trace} end to end: the CLI replays Mooncake, Azure and BurstGPT fixtures and a profile's
 * {@code load.type: trace_replay} against the simulator (every row one request in requests.csv, summary.json with
 * {@code schedule_lag_ms}, shared hash ids as prefix-cache hits), and bad flags or rows are one error line.
 */
class ReplayBenchTest {

    @RegisterExtension
    static final FastSimulator sim = new FastSimulator();

    @TempDir
    Path dir;

    /** Each replay writes into an output folder of its own, so each outcome's runs are its own. */
    private int runs;

    private BenchFixture.Outcome replay(String... args) {
        String[] base = {"--endpoint", sim.baseUrl(), "--tokenizer", "synthetic", "--warmup-requests", "0"};
        String[] all = new String[base.length + args.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(args, 0, all, base.length, args.length);
        return bench(dir.resolve("out-" + runs++), Map.of(), new BenchControl(), all);
    }

    private static long requestRows(Path run) throws IOException {
        try (var lines = Files.lines(run.resolve("requests.csv"))) {
            return lines.count() - 1;
        }
    }

    private static double prefixHits() throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(sim.baseUrl() + "/metrics"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        return PrometheusText.parse(r.body()).sum("vllm:prefix_cache_hits_total");
    }

    /** 60 rows 10 ms apart, each 48 tokens: the first two 16-token blocks shared by all, the third its own. */
    private Path mooncake() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            sb.append(String.format(
                    "{\"timestamp\": %d, \"input_length\": 48, \"output_length\": 3, \"hash_ids\": [7, 8, %d]}%n",
                    i * 10, 100 + i));
        }
        Path f = dir.resolve("t.jsonl");
        Files.writeString(f, sb.toString());
        return f;
    }

    @Test
    void aMooncakeTraceReplaysEveryRowAsOneRequestWithItsScheduleLagAndPrefixHits() throws Exception {
        Path trace = mooncake();
        double before = prefixHits();
        BenchFixture.Outcome o =
                replay("--trace", trace.toString(), "--trace-format", "mooncake", "--trace-block-size", "16");
        assertThat(o.exit()).as(o.err()).isZero();
        Path run = o.run();
        assertThat(requestRows(run)).isEqualTo(60);
        JsonNode summary = BenchFixture.json(run.resolve("summary.json"));
        JsonNode lag = summary.path("schedule_lag_ms");
        assertThat(lag.path("p50").isNumber()).as(summary.toString()).isTrue();
        assertThat(lag.path("p99").asDouble())
                .isGreaterThanOrEqualTo(lag.path("p50").asDouble());
        assertThat(lag.path("max").asDouble())
                .isGreaterThanOrEqualTo(lag.path("p99").asDouble());
        assertThat(lag.path("requests").asInt()).isEqualTo(60);
        JsonNode replay = summary.path("replay");
        assertThat(replay.path("requests_sent").asInt()).isEqualTo(60);
        assertThat(replay.path("client_health").path("verdict").asText()).isIn("ok", "client-limited");
        // the replay's verdict is its stage's, whose reasons include the schedule lag's when it is late
        JsonNode stageHealth = summary.path("stages").path(0).path("client_health");
        assertThat(replay.path("client_health").path("verdict")).isEqualTo(stageHealth.path("verdict"));
        assertThat(replay.path("client_health").path("reasons")).isEqualTo(stageHealth.path("reasons"));
        assertThat(summary.path("client_health").path("verdict")).isEqualTo(stageHealth.path("verdict"));
        assertThat(replay.path("sessions").path("count").asInt()).isEqualTo(60);
        assertThat(o.out()).contains("Replay: 60 of 60 planned requests sent; schedule lag p50");
        // 59 rows find the shared 32 tokens cached
        assertThat(prefixHits() - before).isGreaterThanOrEqualTo(59 * 32.0);

        // record and replay: the run's own requests.csv is a trace of the same 60 requests
        BenchFixture.Outcome again = bench(
                dir.resolve("again"),
                Map.of(),
                new BenchControl(),
                "--endpoint",
                sim.baseUrl(),
                "--tokenizer",
                "synthetic",
                "--warmup-requests",
                "0",
                "--trace",
                run.resolve("requests.csv").toString(),
                "--trace-format",
                "records");
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(requestRows(again.run())).isEqualTo(60);
    }

    @Test
    void aDryRunPrintsTheReplayPlanAndSendsNothing() throws IOException {
        BenchFixture.Outcome o =
                replay("--trace", mooncake().toString(), "--trace-block-size", "16", "--max-requests", "10", "-n");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(o.out()).contains("replay of trace", "10 of 60 rows", "at most 10 requests", "dry run");
        assertThat(o.runs()).isEmpty();
    }

    @Test
    void anAzureTraceReplaysFasterWithItsFormatToldFromTheHeader() throws IOException {
        Path f = dir.resolve("azure.csv");
        Files.writeString(f, """
                TIMESTAMP,ContextTokens,GeneratedTokens
                2023-11-16 18:15:46.6805900,40,4
                2023-11-16 18:15:47.0000000,30,3
                2023-11-16 18:15:47.5000000,20,2
                2023-11-16 18:15:48.0000000,10,1
                """);
        BenchFixture.Outcome o = replay("--trace", f.toString(), "--speedup", "4");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(requestRows(o.run())).isEqualTo(4);
        JsonNode replay = BenchFixture.json(o.run().resolve("summary.json")).path("replay");
        assertThat(replay.path("format").asText()).isEqualTo("azure");
        assertThat(replay.path("speedup").asDouble()).isEqualTo(4.0);
    }

    @Test
    void aBurstGptTraceSkipsItsFailedRowsAndReplaysTheRest() throws IOException {
        Path f = dir.resolve("burst.csv");
        Files.writeString(f, """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                0,ChatGPT,30,3,33,Conversation log
                0.2,ChatGPT,20,0,20,Conversation log
                0.4,GPT-4,25,2,27,API log
                """);
        BenchFixture.Outcome o = replay("--trace", f.toString(), "--trace-format", "burstgpt");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(requestRows(o.run())).isEqualTo(2);
        JsonNode replay = BenchFixture.json(o.run().resolve("summary.json")).path("replay");
        assertThat(replay.path("rows_skipped_by_reader").asInt()).isEqualTo(1);
        assertThat(replay.path("rows_skipped_by_reason")
                        .path("failed_in_source")
                        .asInt())
                .isEqualTo(1);
        assertThat(o.out()).contains("Trace rows skipped: 1 of 3 (1 failed in the source (0 response tokens))");
    }

    @Test
    void burstGptFiltersOnModelAndLogTypeLeaveRowsOutAndCountThem() throws IOException {
        Path f = dir.resolve("burst.csv");
        Files.writeString(f, """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                0,ChatGPT,30,3,33,Conversation log
                0.1,ChatGPT,20,0,20,Conversation log
                0.2,GPT-4,25,2,27,Conversation log
                0.3,ChatGPT,25,2,27,API log
                0.4,chatgpt,10,1,11,conversation LOG
                """);
        BenchFixture.Outcome o =
                replay("--trace", f.toString(), "--trace-model", "ChatGPT", "--trace-log-type", "Conversation log");
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(requestRows(o.run())).isEqualTo(2); // lines 2 and 6
        JsonNode reasons = BenchFixture.json(o.run().resolve("summary.json")).at("/replay/rows_skipped_by_reason");
        assertThat(reasons.path("failed_in_source").asInt()).isEqualTo(1);
        assertThat(reasons.path("model_filter").asInt()).isEqualTo(1);
        assertThat(reasons.path("log_type_filter").asInt()).isEqualTo(1);
        assertThat(o.out()).contains("Trace rows skipped: 3 of 5");
        oneLine(replay("--trace", f.toString(), "--trace-model", "Claude"), 3, "burst.csv", "all 5 rows were skipped");
    }

    @Test
    void theScheduleLagThresholdFlagIsInTheSummary() throws IOException {
        BenchFixture.Outcome o =
                replay("--trace", mooncake().toString(), "--trace-block-size", "16", "--schedule-lag-threshold", "250");
        assertThat(o.exit()).as(o.err()).isZero();
        JsonNode health = BenchFixture.json(o.run().resolve("summary.json")).at("/replay/client_health");
        assertThat(health.path("schedule_lag_p99_threshold_ms").asDouble()).isEqualTo(250.0);
    }

    @Test
    void aProfileWithLoadTypeTraceReplayReplaysItsAzureTrace() throws IOException {
        Path trace = dir.resolve("azure.csv");
        Files.writeString(trace, """
                TIMESTAMP,ContextTokens,GeneratedTokens
                2023-11-16 18:15:46.0,20,2
                2023-11-16 18:15:46.1,20,2
                2023-11-16 18:15:46.2,20,2
                """);
        String yaml = """
                load:
                  type: trace_replay
                  trace:
                    file: %s
                    format: AzurePublicDataset
                api:
                  type: completion
                server:
                  type: vllm
                data:
                  type: random
                  trace:
                    file: %s
                    format: AzurePublicDataset
                """;
        Path profile = dir.resolve("replay.yaml");
        Files.writeString(profile, yaml.formatted(trace, trace));
        BenchFixture.Outcome o = replay("-w", profile.toString());
        assertThat(o.exit()).as(o.err()).isZero();
        assertThat(requestRows(o.run())).isEqualTo(3);
        assertThat(BenchFixture.json(o.run().resolve("summary.json")).has("schedule_lag_ms"))
                .isTrue();

        // inference-perf's data.trace gives the lengths: here those of the replayed rows, so it must be that trace
        Path other = dir.resolve("other.yaml");
        Files.writeString(other, yaml.formatted(trace, dir.resolve("lengths.csv")));
        oneLine(replay("-w", other.toString()), 3, "data.trace.file", "must name the trace load.trace replays");
    }

    private void oneLine(BenchFixture.Outcome o, int exit, String... parts) {
        assertThat(o.exit()).as(o.err()).isEqualTo(exit);
        assertThat(o.errorLines()).as(o.err()).singleElement().asString().contains(parts);
        assertThat(o.err()).doesNotContain("Exception", "\tat ");
        assertThat(o.runs()).isEmpty();
    }

    @Test
    void badReplayFlagsAndRowsAreOneErrorLine() throws IOException {
        Path trace = mooncake();
        oneLine(replay("--speedup", "2"), 2, "--speedup", "only with --trace");
        oneLine(replay("--trace-model", "ChatGPT"), 2, "--trace-model", "only with --trace");
        oneLine(
                replay("--trace", trace.toString(), "--schedule-lag-threshold", "0"),
                2,
                "--schedule-lag-threshold 0.0",
                "positive");
        oneLine(replay("--trace", trace.toString(), "--speedup", "0"), 2, "--speedup 0.0", "positive");
        oneLine(replay("--trace", trace.toString(), "--trace-format", "csv"), 2, "--trace-format 'csv'", "mooncake");
        oneLine(replay("--trace", trace.toString(), "--sample-sessions", "2"), 2, "--sample-sessions");
        oneLine(
                replay(
                        "--trace",
                        trace.toString(),
                        "--trace-block-size",
                        "16",
                        "--trace-start",
                        "5",
                        "--trace-end",
                        "9"),
                2,
                "no row");
        oneLine(replay("--trace", trace.toString()), 3, "t.jsonl line 1", "--trace-block-size");
        oneLine(replay("--trace", dir.resolve("missing.jsonl").toString()), 3, "missing.jsonl");
        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(
                bad,
                List.of(
                                "{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}",
                                "{\"timestamp\": 1, \"input_length\": -5, \"output_length\": 1}")
                        .stream()
                        .reduce("", (a, b) -> a + b + "\n"));
        oneLine(replay("--trace", bad.toString()), 3, "bad.jsonl", "line 2");
    }
}
