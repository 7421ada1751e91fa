package io.llmharness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** {@code harness loadgen} end to end, in process: logs, side files, exit codes, errors. */
class LoadgenCommandTest {

    static final String[] SEEDS = {
        "--set", "qsl_rng_seed=2085463073848966840",
        "--set", "sample_index_rng_seed=2747215439041700203",
        "--set", "schedule_rng_seed=16159082839903944936"
    };

    @TempDir
    Path dir;

    record Outcome(int exit, String out, String err) {}

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Main.commandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    private Outcome loadgen(Path out, String... extra) {
        List<String> args = new ArrayList<>(List.of("loadgen", "--output-dir", out.toString()));
        args.addAll(Arrays.asList(SEEDS));
        args.addAll(Arrays.asList(extra));
        return run(args.toArray(String[]::new));
    }

    @ParameterizedTest
    @CsvSource({
        "SingleStream, PerformanceOnly, --set=min_duration_ms=0",
        "MultiStream, PerformanceOnly, --set=min_duration_ms=0",
        "Server, PerformanceOnly, --set=server_target_qps=2000",
        "Offline, PerformanceOnly, --set=min_query_count=3000",
        "SingleStream, AccuracyOnly, --set=min_query_count=1",
        "MultiStream, AccuracyOnly, --set=min_query_count=1",
        "Server, AccuracyOnly, --set=server_target_qps=5000",
        "Offline, AccuracyOnly, --set=min_query_count=1"
    })
    void everyScenarioAndModeWritesTheFourLogsAndTheSideFiles(String scenario, String mode, String extra)
            throws IOException {
        Path out = dir.resolve(scenario + mode);
        Outcome o = loadgen(
                out,
                "--scenario",
                scenario,
                "--mode",
                mode,
                "--total-samples",
                "200",
                "--performance-samples",
                "128",
                "--set",
                "min_duration_ms=300",
                extra);
        assertThat(o.err()).isEmpty();
        boolean accuracy = mode.equals("AccuracyOnly");
        String summary = Files.readString(out.resolve("mlperf_log_summary.txt"));
        String detail = Files.readString(out.resolve("mlperf_log_detail.txt"));
        String acc = Files.readString(out.resolve("mlperf_log_accuracy.json"));
        String trace = Files.readString(out.resolve("mlperf_log_trace.json"));
        assertThat(detail.lines()).allMatch(l -> l.startsWith(":::MLLOG {\"key\": \""));
        assertThat(detail).contains("\"key\": \"effective_scenario\", \"value\": \"" + scenario + "\"");
        assertThat(trace).startsWith("{\"traceEvents\":[\n").endsWith("}\n");
        assertThat(summary).endsWith("\nNo errors encountered during test.\n");
        List<String> issued = Files.readAllLines(out.resolve("issued_samples.tsv"));
        assertThat(issued.get(0))
                .isEqualTo("# issue_seq\tquery_no\tpos_in_query\tsample_index"
                        + (scenario.equals("Server") ? "\tt_issue_ns" : ""));
        List<String> qsl = Files.readAllLines(out.resolve("qsl_load_calls.txt"));
        int setSize = scenario.equals("MultiStream") ? 128 + 7 : 128; // MultiStream sets carry spq - 1 padding
        assertThat(qsl.get(0)).matches("load " + setSize + ": \\d+( \\d+)*");
        assertThat(qsl.get(1)).isEqualTo("unload " + setSize);
        if (accuracy) {
            assertThat(o.exit()).isEqualTo(ExitCodes.OK);
            assertThat(summary)
                    .isEqualTo("\nNo warnings encountered during test.\n\nNo errors encountered during test.\n");
            assertThat(acc).startsWith("[\n{ \"seq_id\" : ").endsWith(" }\n]\n");
            assertThat(acc.split("\n")).hasSize(200 + 2);
            assertThat(qsl).hasSize(4).element(3).isEqualTo("unload " + (scenario.equals("MultiStream") ? 72 + 7 : 72));
            assertThat(o.out()).contains("Accuracy log entries : 200");
        } else {
            assertThat(summary)
                    .startsWith("================================================\nMLPerf Results Summary\n"
                            + "================================================\nSUT name : FixedLatencySUT\nScenario : "
                            + scenario + "\n");
            assertThat(acc).isEqualTo("[\n]\n");
            assertThat(o.out()).contains("Result is : ");
            assertThat(o.exit())
                    .isEqualTo(summary.contains("Result is : VALID") ? ExitCodes.OK : ExitCodes.RESULT_INVALID);
        }
    }

    @Test
    void repeatedRunsIssueTheSameSamples() throws IOException {
        String[] args = {
            "--scenario",
            "Server",
            "--total-samples",
            "500",
            "--performance-samples",
            "300",
            "--set",
            "server_target_qps=3000",
            "--set",
            "min_duration_ms=200",
            "--no-trace"
        };
        loadgen(dir.resolve("a"), args);
        loadgen(dir.resolve("b"), args);
        assertThat(sampleColumns(dir.resolve("a")))
                .isEqualTo(sampleColumns(dir.resolve("b")))
                .hasSizeGreaterThan(400);
        assertThat(Files.readString(dir.resolve("a/qsl_load_calls.txt")))
                .isEqualTo(Files.readString(dir.resolve("b/qsl_load_calls.txt")));
    }

    @Test
    void singleStreamIssueOrderIsTheSpecVector() throws IOException {
        Outcome o = loadgen(
                dir,
                "--scenario",
                "SingleStream",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--set",
                "min_duration_ms=0",
                "--set",
                "min_query_count=12");
        assertThat(o.exit()).isEqualTo(ExitCodes.RESULT_INVALID); // too few queries for early stopping
        assertThat(sampleColumns(dir).stream().map(l -> l.split("\t")[3]).toList())
                .containsExactly("2", "2", "2", "0", "8", "6", "0", "9", "1", "9", "6", "3");
        assertThat(Files.readAllLines(dir.resolve("qsl_load_calls.txt")))
                .containsExactly("load 10: 1 5 7 6 0 8 3 2 9 4", "unload 10");
        assertThat(o.out()).contains("Result is : INVALID");
    }

    @Test
    void sutTimingOptionsAndTokens() throws IOException {
        Outcome o = loadgen(
                dir,
                "--scenario",
                "Server",
                "--total-samples",
                "100",
                "--performance-samples",
                "100",
                "--set",
                "server_target_qps=500",
                "--set",
                "min_duration_ms=300",
                "--set",
                "use_token_latencies=true",
                "--set",
                "server_target_latency_ns=0",
                "--set",
                "accuracy_log_probability=1",
                "--sut-delay-us",
                "2000",
                "--sut-first-token-us",
                "500",
                "--sut-tokens",
                "4");
        assertThat(o.err()).isEmpty();
        String detail = Files.readString(dir.resolve("mlperf_log_detail.txt"));
        long ttft = value(detail, "result_first_token_min_latency_ns");
        long latency = value(detail, "result_min_latency_ns");
        assertThat(ttft).isGreaterThanOrEqualTo(500_000);
        assertThat(latency).isGreaterThanOrEqualTo(2_000_000);
        String firstEntry =
                Files.readAllLines(dir.resolve("mlperf_log_accuracy.json")).get(1);
        assertThat(firstEntry)
                .matches("\\{ \"seq_id\" : \\d+, \"qsl_idx\" : \\d+, \"data\" : \"([0-9A-F]{8}){4}\", \"token_data\" :"
                        + " \"[0-9A-F]{8}\", \"token_count\" : 4 },?");
        assertThat(detail).doesNotContain("\"is_error\": true");
    }

    @Test
    void serviceTimeQueuesSamples() throws IOException {
        Outcome o = loadgen(
                dir,
                "--scenario",
                "Offline",
                "--total-samples",
                "100",
                "--performance-samples",
                "100",
                "--set",
                "min_duration_ms=0",
                "--set",
                "min_query_count=50",
                "--sut-service-us",
                "1000",
                "--virtual-clock");
        assertThat(o.exit()).isEqualTo(ExitCodes.OK);
        String detail = Files.readString(dir.resolve("mlperf_log_detail.txt"));
        assertThat(value(detail, "result_min_latency_ns")).isEqualTo(0);
        assertThat(value(detail, "result_max_latency_ns")).isEqualTo(49_000_000);
    }

    @Test
    void userConfIsAppliedBeforeSet() throws IOException {
        Path conf = dir.resolve("user.conf");
        Files.writeString(conf, "llama3_1-8b.Server.target_qps = 20\n*.Server.min_duration = 100\n");
        Outcome o = run(
                "loadgen",
                "--scenario",
                "Server",
                "--total-samples",
                "13368",
                "--performance-samples",
                "13368",
                "--user-conf",
                conf.toString(),
                "--model",
                "llama3_1-8b",
                "--set",
                "min_duration_ms=50",
                "--set",
                "use_token_latencies=false",
                "--set",
                "server_target_qps=2000",
                "--virtual-clock",
                "--no-trace",
                "--output-dir",
                dir.resolve("out").toString());
        String detail = Files.readString(dir.resolve("out/mlperf_log_detail.txt"));
        assertThat(detail)
                .contains("\"key\": \"effective_qsl_rng_seed\", \"value\": 2085463073848966840")
                .contains("\"key\": \"effective_performance_sample_count\", \"value\": 13368")
                .contains("\"key\": \"requested_server_target_qps\", \"value\": 2000")
                .contains("\"key\": \"requested_min_duration_ms\", \"value\": 50")
                .contains("\"key\": \"effective_sample_concatenate_permutation\", \"value\": true")
                .doesNotContain("\"is_error\": true");
        assertThat(o.err()).isEmpty();
    }

    @Test
    void badUserConfIsAConfigError() throws IOException {
        Path conf = dir.resolve("user.conf");
        Files.writeString(conf, "*.Server.target_qps = 20 # per second\n");
        Outcome o = run(
                "loadgen",
                "--scenario",
                "Server",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--user-conf",
                conf.toString(),
                "--model",
                "m",
                "--output-dir",
                dir.resolve("out").toString());
        assertThat(o.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(o.err().strip())
                .isEqualTo("harness: --user-conf " + conf + ": value needs to be integer or double, line=1");
        Outcome missing = run(
                "loadgen",
                "--scenario",
                "Server",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--user-conf",
                dir.resolve("none.conf").toString(),
                "--model",
                "m",
                "--output-dir",
                dir.resolve("out").toString());
        assertThat(missing.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(missing.err()).contains("can't open file");
    }

    @Test
    void usageErrorsAreOneLine() {
        Outcome unknown = run(
                "loadgen",
                "--scenario",
                "Server",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--set",
                "server_target_qs=5",
                "--output-dir",
                dir.toString());
        assertThat(unknown.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknown.err().strip())
                .isEqualTo("harness: --set server_target_qs=5: unknown TestSettings field"
                        + " 'server_target_qs'; did you mean server_target_qps?");
        Outcome scenario = run(
                "loadgen",
                "--scenario",
                "Interactive",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--output-dir",
                dir.toString());
        assertThat(scenario.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(scenario.err().strip().lines().count()).isEqualTo(1);
        Outcome missing = run("loadgen", "--scenario", "Server");
        assertThat(missing.exit()).isEqualTo(ExitCodes.USAGE);
        Outcome noModel = run(
                "loadgen",
                "--scenario",
                "Server",
                "--total-samples",
                "10",
                "--performance-samples",
                "10",
                "--user-conf",
                "x.conf",
                "--output-dir",
                dir.toString());
        assertThat(noModel.exit()).isEqualTo(ExitCodes.USAGE);
        assertThat(noModel.err()).contains("--user-conf needs --model");
    }

    @Test
    void scheduleLogReportsDelays() throws IOException {
        Outcome o = loadgen(
                dir,
                "--scenario",
                "Server",
                "--total-samples",
                "100",
                "--performance-samples",
                "100",
                "--set",
                "server_target_qps=1000",
                "--set",
                "min_duration_ms=300",
                "--schedule-log",
                "--no-trace");
        assertThat(o.out())
                .containsPattern("Schedule delay \\(issued - scheduled\\) over \\d+ queries: p50 [0-9.]+ us, p99");
        List<String> rows = Files.readAllLines(dir.resolve("schedule_delay.tsv"));
        assertThat(rows.get(0)).isEqualTo("# query_no\tscheduled_ns\tissued_ns\tdelay_ns");
        assertThat(rows.stream()
                        .skip(1)
                        .mapToLong(r -> Long.parseLong(r.split("\t")[3]))
                        .min()
                        .orElseThrow())
                .isGreaterThanOrEqualTo(0);
    }

    private static List<String> sampleColumns(Path out) throws IOException {
        try (Stream<String> lines = Files.lines(out.resolve("issued_samples.tsv"))) {
            return lines.skip(1)
                    .map(l -> String.join("\t", Arrays.copyOf(l.split("\t"), 4)))
                    .toList();
        }
    }

    private static long value(String detail, String key) {
        String marker = "\"key\": \"" + key + "\", \"value\": ";
        int i = detail.indexOf(marker) + marker.length();
        return Long.parseLong(detail.substring(i, detail.indexOf(',', i)));
    }
}
