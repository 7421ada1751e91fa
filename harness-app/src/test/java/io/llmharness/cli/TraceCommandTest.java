package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.llmharness.workload.ProfileLocator;
import io.llmharness.workload.trace.Trace;
import io.llmharness.workload.trace.TraceFormat;
import io.llmharness.workload.trace.TraceReadOptions;
import io.llmharness.workload.trace.TraceReaders;
import io.llmharness.workload.trace.TraceRequest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code harness trace analyze} and {@code harness trace synth} through the command line. */
class TraceCommandTest {

    static final String PROFILE = """
            load:
              type: poisson
              stages:
              - rate: 10
                duration: 2
              - rate: 20
                duration: 1
            api:
              type: completion
              streaming: true
            server:
              type: vllm
              model_name: m
              base_url: http://127.0.0.1:9
              ignore_eos: true
            data:
              type: shared_prefix
              shared_prefix:
                num_groups: 2
                num_prompts_per_group: 3
                system_prompt_len: 1024
                question_len: 64
                output_len: 16
            """;

    /** Six rows, block size 4: one session of two turns, hash ids shared between rows 1, 2 and 5. */
    static final String FIXTURE = """
            {"timestamp": 0, "input_length": 8, "output_length": 2, "hash_ids": [1, 2]}
            {"timestamp": 500, "input_length": 12, "output_length": 4, "hash_ids": [1, 2, 3]}
            {"timestamp": 1500, "session_id": "a", "input_length": 4, "output_length": 6, "hash_ids": [4]}
            {"session_id": "a", "delay": 1000, "input_length": 16, "output_length": 8, "hash_ids": [4, 5, 6, 7]}
            {"timestamp": 2500, "input_length": 20, "output_length": 10, "hash_ids": [1, 2, 3, 8, 9]}
            {"timestamp": 2600, "input_length": 8, "output_length": 1, "hash_ids": [10, 11]}
            """;

    record Result(int code, String out, String err) {}

    @TempDir
    Path dir;

    private Result harness(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine(new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                if (cls == TraceSynthCommand.class) {
                    return cls.cast(new TraceSynthCommand(Map.of(), new ProfileLocator(null), dir.resolve("home")));
                }
                return CommandLine.defaultFactory().create(cls);
            }
        });
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void analyzePrintsTheTableAndWritesTheJson() throws IOException {
        Path trace = dir.resolve("fixture.jsonl");
        Files.writeString(trace, FIXTURE);
        Path json = dir.resolve("out/stats.json");
        Result r = harness("trace", "analyze", trace.toString(), "--trace-block-size", "4", "--json", json.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("Trace " + trace + " (mooncake)")
                .contains("requests         6")
                .contains("duration         2.600 s")
                .contains("peak 2 req/s")
                .contains("1 sessions, 2 turns (2.00 per session, at most 2)")
                .contains("35.3% of 17 prompt blocks of 4 tokens seen before (unbounded cache)")
                .contains("nearest rank")
                .contains("JSON: " + json);
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertThat(j.get("requests").asLong()).isEqualTo(6);
        assertThat(j.get("duration_s").asDouble()).isEqualTo(2.6);
        assertThat(j.get("peak_rate_per_s").asLong()).isEqualTo(2);
        assertThat(j.get("inter_arrival_cv").asDouble())
                .isCloseTo(Math.sqrt(0.57 / 4) / 0.65, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(j.at("/input_tokens/p50").asLong()).isEqualTo(8);
        assertThat(j.at("/input_tokens/p90").asLong()).isEqualTo(20);
        assertThat(j.at("/output_tokens/p50").asLong()).isEqualTo(4);
        assertThat(j.at("/sessions/count").asLong()).isEqualTo(1);
        assertThat(j.at("/prefix_cache/cached_blocks").asLong()).isEqualTo(6);
        assertThat(j.at("/prefix_cache/hit_rate").asDouble()).isEqualTo(6 / 17.0);
        assertThat(j.at("/rate_over_time/req_per_s").toString()).isEqualTo("[2.0,1.0,2.0]");
    }

    @Test
    void analyzeReadsCsvFormatsFromTheirHeader() throws IOException {
        Path trace = dir.resolve("burst.csv");
        Files.writeString(trace, """
                Timestamp,Model,Request tokens,Response tokens,Total tokens,Log Type
                5,ChatGPT,472,18,490,Conversation log
                45,ChatGPT,1087,0,1087,Conversation log
                118,GPT-4,417,276,693,API log
                """);
        Path json = dir.resolve("burst.json");
        Result r = harness("trace", "analyze", trace.toString(), "--trace-model", "gpt-4", "--json", json.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        assertThat(j.path("skipped").asInt()).isEqualTo(2);
        assertThat(j.at("/skipped_by_reason/failed_in_source").asInt()).isEqualTo(1);
        assertThat(j.at("/skipped_by_reason/model_filter").asInt()).isEqualTo(1);
        assertThat(r.out())
                .contains("(burstgpt)")
                .contains("requests         1 (2 rows skipped: 1 failed in the source (0 response tokens), 1 of"
                        + " other models (--trace-model))");
    }

    @Test
    void badInputIsOneLineWithItsExitCode() throws IOException {
        Result missing = harness("trace", "analyze", dir.resolve("nope.jsonl").toString());
        assertThat(missing.code()).isEqualTo(3);
        assertThat(missing.err().strip())
                .isEqualTo("harness: Trace file not found: " + dir.resolve("nope.jsonl") + "; check the path");

        Path bad = dir.resolve("bad.jsonl");
        Files.writeString(
                bad,
                "{\"timestamp\": 5, \"input_length\": 1, \"output_length\": 1}\n"
                        + "{\"timestamp\": 4, \"input_length\": 1, \"output_length\": 1}\n");
        Result backwards = harness("trace", "analyze", bad.toString());
        assertThat(backwards.code()).isEqualTo(3);
        assertThat(backwards.err().strip().lines())
                .containsExactly("harness: Trace " + bad
                        + " line 2: timestamp goes backwards (before the row on line 1); sort the rows by timestamp");

        Result format = harness("trace", "analyze", bad.toString(), "--trace-format", "parquet");
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err())
                .contains("--trace-format parquet is not a trace format; use" + " mooncake|azure|burstgpt|records");

        Result toDir = harness("trace", "analyze", bad.toString(), "--json", dir.toString());
        assertThat(toDir.code()).isEqualTo(2);
        assertThat(toDir.err()).contains("--json " + dir + " is a directory");

        Path unknown = dir.resolve("x.csv");
        Files.writeString(unknown, "a,b\n1,2\n");
        Result guess = harness("trace", "analyze", unknown.toString());
        assertThat(guess.code()).isEqualTo(3);
        assertThat(guess.err()).contains("Cannot tell the format of trace " + unknown);
    }

    @Test
    void synthWritesTheProfilesRequestsAsAMooncakeTraceThatReadsBack() throws IOException {
        Path profile = dir.resolve("prefix.yaml");
        Files.writeString(profile, PROFILE);
        Path out = dir.resolve("t/synth.jsonl");
        Result r = harness(
                "trace",
                "synth",
                "-w",
                profile.toString(),
                "--tokenizer",
                "synthetic",
                "--seed",
                "7",
                "--output",
                out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains(out + ": 40 requests over").contains("hash ids per 512 tokens");

        Trace t = TraceReaders.read(out, TraceFormat.MOONCAKE, TraceReadOptions.defaults());
        List<TraceRequest> rows = t.requests();
        assertThat(rows).hasSize(40);
        assertThat(rows.get(0).offsetNs()).isZero();
        long[] offsets = rows.stream().mapToLong(TraceRequest::offsetNs).toArray();
        assertThat(offsets).isSorted();
        // the second stage starts after the first stage's 2 s span
        assertThat(offsets[20]).isGreaterThanOrEqualTo(2_000_000_000L);
        assertThat(offsets[19]).isLessThan(2_000_000_000L);
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.outputLength()).isEqualTo(16);
            assertThat(row.inputLength()).isBetween(1024, 1200);
            assertThat(row.hashIds()).hasSize((row.inputLength() + 511) / 512);
        });
        // two groups: the 1024-token system prompts make two distinct first blocks, shared within each group
        Set<Integer> firstBlocks = new HashSet<>();
        rows.forEach(row -> firstBlocks.add(row.hashIds()[0]));
        assertThat(firstBlocks).hasSize(2);

        Result again = harness(
                "trace",
                "synth",
                "-w",
                profile.toString(),
                "--tokenizer",
                "synthetic",
                "--seed",
                "7",
                "--output",
                dir.resolve("again.jsonl").toString());
        assertThat(again.code()).isZero();
        assertThat(Files.readString(dir.resolve("again.jsonl"))).isEqualTo(Files.readString(out));

        Result analyze = harness("trace", "analyze", out.toString());
        assertThat(analyze.code()).as(analyze.err()).isZero();
        assertThat(analyze.out()).contains("requests         40").contains("seen before (unbounded cache)");
        assertThat(Arrays.stream(analyze.out().split("\n")).filter(l -> l.startsWith("prefix cache")))
                .singleElement()
                .satisfies(l -> assertThat(l).doesNotContain("n/a"));
    }

    @Test
    void synthReadsAShippedProfileWithoutAServerOrModel() throws IOException {
        Path out = dir.resolve("shipped.jsonl");
        Result r = harness(
                "trace",
                "synth",
                "-w",
                "shared_prefix_synthetic",
                "-o",
                "num_groups=2,num_prompts_per_group=2,rate=4,duration=1",
                "--tokenizer",
                "synthetic",
                "--output",
                out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        // seven stages of 4 requests, each prompt a 2048-token system prompt and a 256-token question
        Trace t = TraceReaders.read(out, TraceFormat.MOONCAKE, TraceReadOptions.defaults());
        assertThat(t.requests()).hasSize(28);
        assertThat(t.requests())
                .allSatisfy(row -> assertThat(row.outputLength()).isEqualTo(256));
        assertThat(t.requests().stream().map(row -> row.hashIds()[0]).distinct())
                .hasSize(2);
    }

    @Test
    void synthRefusesClosedLoopStages() throws IOException {
        Path profile = dir.resolve("closed.yaml");
        Files.writeString(
                profile,
                PROFILE.replace("type: poisson", "type: concurrent")
                        .replace(
                                "  - rate: 10\n    duration: 2\n  - rate: 20\n    duration: 1\n",
                                "  - concurrency_level: 2\n    num_requests: 10\n"));
        Result r = harness(
                "trace",
                "synth",
                "-w",
                profile.toString(),
                "--tokenizer",
                "synthetic",
                "--output",
                dir.resolve("c.jsonl").toString());
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.err()).contains("is closed-loop").contains("trace synth writes rate stages only");
    }
}
