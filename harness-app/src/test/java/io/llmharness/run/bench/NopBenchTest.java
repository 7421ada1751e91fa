package io.llmharness.run.bench;

import static io.llmharness.run.bench.BenchFixture.bench;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.llmharness.cli.ExitCodes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code harness bench -l nop} through the CLI: llm-d's nop harness — the nop profile rendered (not read), a vLLM
 * server log (a file, or the embedded simulator's) turned into the start-up report and its files; and its usage
 * errors, each one line.
 */
class NopBenchTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path dir;

    private Path log() throws IOException {
        try (InputStream in = NopBenchTest.class.getResourceAsStream("/nop/vllm-v1-debug.txt")) {
            Path file = dir.resolve("vllm.log");
            Files.write(file, in.readAllBytes());
            return file;
        }
    }

    private static JsonNode yaml(Path file) throws IOException {
        return YAML.readTree(file.toFile());
    }

    @Test
    void aServerLogFileBecomesTheLoadTimeReportInTheRunDirectory() throws IOException {
        Path log = log();
        BenchFixture.Outcome o = bench(
                dir.resolve("out"),
                Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "meta-llama/Llama-3.1-8B-Instruct"),
                new BenchControl(),
                "-l",
                "nop",
                "--server-log",
                log.toString());
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        Path run = o.run();
        assertThat(run.getFileName().toString()).endsWith("-bench-nop-nop");
        assertThat(BenchFixture.files(run))
                .contains(
                        "nop.yaml",
                        "config.resolved.yaml",
                        "result.yaml",
                        "benchmark_report",
                        "vLLM_Standalone",
                        "analysis");
        assertThat(Files.readString(run.resolve("nop.yaml")))
                .contains("model_name: \"meta-llama/Llama-3.1-8B-Instruct\"", "pvc_name: \"workload-pvc\"");
        assertThat(Files.readString(run.resolve("vLLM_Standalone/vllm.log"))).isEqualTo(Files.readString(log));
        assertThat(run.resolve("vLLM_Standalone/categories.log")).isRegularFile();
        assertThat(run.resolve("analysis/result.txt")).isRegularFile();

        JsonNode result = yaml(run.resolve("result.yaml"));
        assertThat(result.at("/scenario/model/name").asText()).isEqualTo("meta-llama/Llama-3.1-8B-Instruct");
        assertThat(result.at("/metrics/0/name").asText()).isEqualTo("vLLM Standalone");
        assertThat(result.at("/metrics/0/load/time").asDouble()).isPositive();
        JsonNode br = yaml(run.resolve("benchmark_report/result.yaml"));
        assertThat(br.at("/scenario/load/name").asText()).isEqualTo("nop");
        assertThat(br.at("/version").asText()).isEqualTo("0.1");

        assertThat(o.out())
                .contains("harness bench: nop profile profiles/nop/nop.yaml.in, run with nop semantics")
                .contains("  server log: " + log)
                .contains("vLLM Standalone (")
                .contains("model loading")
                .contains("Files: " + run);
        String resolved = Files.readString(run.resolve("config.resolved.yaml"));
        assertThat(resolved).contains("harness: nop", "server_log_from: --server-log", "--server-log " + log);
    }

    @Test
    void theHarnessAndTheModelComeFromLlmdsVariablesAndTheModelFromTheLogWithoutThem() throws IOException {
        Path log = log();
        BenchFixture.Outcome o = bench(
                dir.resolve("out"),
                Map.of("LLMDBENCH_HARNESS_NAME", "nop"),
                new BenchControl(),
                "--server-log",
                log.toString());
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out()).contains("  model     : from the log's engine arguments");
        assertThat(Files.readString(o.run().resolve("nop.yaml"))).contains("model_name: \"auto\"");
        assertThat(yaml(o.run().resolve("result.yaml"))
                        .at("/scenario/model/name")
                        .asText())
                .isEqualTo("meta-llama/Llama-3.1-8B-Instruct");
    }

    @Test
    void withSimulateItReadsTheLogOfTheSimulatorItStartedAndStopped() throws IOException {
        BenchFixture.Outcome o =
                bench(dir.resolve("out"), Map.of(), new BenchControl(), "-l", "nop", "--simulate", "-m", "my-model");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        Path run = o.run();
        String serverLog = Files.readString(run.resolve("server.log"));
        assertThat(serverLog).contains("vLLM API server version 0.11.2", "Uvicorn running on", "Shutting down");
        JsonNode result = yaml(run.resolve("result.yaml"));
        assertThat(result.at("/scenario/model/name").asText()).isEqualTo("my-model");
        assertThat(result.at("/scenario/platform/engines/0/version").asText()).isEqualTo("0.11.2");
        assertThat(o.err()).contains("no timed start-up phases");
        assertThat(Files.readString(run.resolve("config.resolved.yaml"))).contains("server_log_from: --simulate");
    }

    @Test
    void aDryRunPrintsTheRenderedProfileAndWritesNothing() throws IOException {
        BenchFixture.Outcome o = bench(
                dir.resolve("out"),
                Map.of(),
                new BenchControl(),
                "-l",
                "nop",
                "--server-log",
                log().toString(),
                "-m",
                "m1",
                "--dry-run");
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.OK);
        assertThat(o.out()).contains("model_name: \"m1\"", "dry run: nothing was read or started");
        assertThat(o.runs()).isEmpty();
    }

    @Test
    void aFileWithoutAVllmStartUpIsInvalidInputWithItsFilesWritten() throws IOException {
        Path notALog = Files.writeString(dir.resolve("notes.txt"), "hello\nworld\n");
        BenchFixture.Outcome o = bench(
                dir.resolve("out"), Map.of(), new BenchControl(), "-l", "nop", "--server-log", notALog.toString());
        assertThat(o.exit()).isEqualTo(ExitCodes.INVALID_CONFIG);
        assertThat(o.err()).contains("harness: warning: no vLLM start-up lines in " + notALog);
        assertThat(o.run().resolve("result.yaml")).isRegularFile();
    }

    @Test
    void usageErrorsAreOneLineEach() throws IOException {
        Path log = log();
        oneLine(bench(dir.resolve("a"), Map.of(), new BenchControl(), "-l", "nop"), "--server-log FILE", "--simulate");
        oneLine(
                bench(dir.resolve("b"), Map.of(), new BenchControl(), "-l", "nop", "--server-log", "missing.log"),
                "--server-log missing.log",
                "no such file");
        oneLine(
                bench(
                        dir.resolve("c"),
                        Map.of(),
                        new BenchControl(),
                        "-l",
                        "nop",
                        "--server-log",
                        log.toString(),
                        "--slo",
                        "ttft=1s"),
                "--slo",
                "sends no load");
        oneLine(
                bench(dir.resolve("d"), Map.of(), new BenchControl(), "-l", "nop", "--simulate", "--server-log", "x"),
                "--server-log",
                "--simulate");
        oneLine(
                bench(dir.resolve("e"), Map.of(), new BenchControl(), "--simulate", "--server-log", log.toString()),
                "--server-log is read by the nop harness only");
    }

    private static void oneLine(BenchFixture.Outcome o, String... parts) {
        assertThat(o.exit()).as(o.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(o.errorLines()).as(o.err()).singleElement().asString().contains(parts);
        assertThat(o.err()).doesNotContain("Exception", "\tat ");
        assertThat(o.runs()).isEmpty();
    }
}
