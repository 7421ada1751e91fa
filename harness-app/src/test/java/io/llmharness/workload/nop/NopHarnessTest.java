package io.llmharness.workload.nop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.error.HarnessException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The entry point end to end: a log file in, the run directory's files out. */
class NopHarnessTest {

    @TempDir
    Path tmp;

    private final StringWriter printed = new StringWriter();
    private final PrintWriter out = new PrintWriter(printed);
    /** Each instant() call is one second after the previous: start 1_790_000_000, stop 1_790_000_001. */
    private final Clock clock = new Clock() {
        private long seconds = 1_790_000_000L;

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochSecond(seconds++);
        }
    };

    private NopOutcome run(String fixture, Map<String, String> env) throws Exception {
        Path log = Fixtures.copy(fixture, Files.createDirectories(tmp.resolve("logs")));
        return NopHarness.run(log, tmp.resolve("run"), env, out, clock);
    }

    private static JsonNode yaml(Path file) throws Exception {
        return NativeResultYaml.YAML.readTree(file.toFile());
    }

    @Test
    void writesTheNativeResult() throws Exception {
        NopOutcome outcome = run(Fixtures.V1_DEBUG, Map.of());
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.warnings()).isEmpty();
        assertThat(outcome.resultYaml()).isEqualTo(tmp.resolve("run/result.yaml"));
        assertThat(Files.readString(outcome.resultYaml())).startsWith("version: \"0.1\"\n");

        JsonNode r = yaml(outcome.resultYaml());
        assertThat(r.at("/scenario/load_format").asText()).isEqualTo("safetensors");
        assertThat(r.at("/scenario/sleep_mode").asBoolean()).isTrue();
        assertThat(r.at("/scenario/model/name").asText()).isEqualTo("meta-llama/Llama-3.1-8B-Instruct");
        assertThat(r.at("/scenario/platform/engines/0/name").asText()).isEqualTo("vllm");
        assertThat(r.at("/scenario/platform/engines/0/version").asText()).isEqualTo("0.10.1.1");
        assertThat(r.at("/scenario/platform/engines/0/args/max_model_len").asInt())
                .isEqualTo(8192);
        assertThat(r.at("/scenario/gpus")).hasSize(2);
        assertThat(r.at("/scenario/gpus/0/uuid").asText()).isEqualTo("GPU-3f2a9c1e-77b0-4d5e-9a61-0c4b2e8d1f70");
        assertThat(r.at("/scenario/gpus/1/compute_cap").asText()).isEqualTo("9.0");

        JsonNode m = r.at("/metrics/0");
        assertThat(m.at("/name").asText()).isEqualTo("vLLM Standalone");
        assertThat(m.at("/load/time").asDouble()).isEqualTo(5.123456);
        assertThat(m.at("/load/size").asDouble()).isEqualTo(14.9889);
        assertThat(m.at("/load/transfer_rate").asDouble()).isBetween(2.92, 2.93);
        assertThat(m.at("/size").asDouble()).isEqualTo(14.9889);
        assertThat(m.at("/dynamo_bytecode_transform").asDouble()).isEqualTo(7.31);
        assertThat(m.at("/compile_graph").asDouble()).isEqualTo(24.38);
        assertThat(m.has("load_cached_compiled_graph")).as("only when non-zero").isFalse();
        assertThat(m.at("/torch_compile").asDouble()).isEqualTo(31.69);
        assertThat(m.at("/memory_profiling/initial_free").asDouble()).isEqualTo(78.52);
        assertThat(m.at("/memory_profiling/after_free").asDouble()).isEqualTo(62.31);
        assertThat(m.at("/memory_profiling/time").asDouble()).isEqualTo(3.46);
        assertThat(m.at("/sleep/time").asDouble()).isEqualTo(2.143);
        assertThat(m.at("/sleep/gpu_freed").asDouble()).isEqualTo(62.1);
        assertThat(m.at("/sleep/gpu_in_use").asDouble()).isEqualTo(1.37);
        assertThat(m.at("/wake").asDouble()).isEqualTo(0.871);
        assertThat(m.at("/categories")).hasSize(12);
        assertThat(m.at("/categories/0/title").asText()).isEqualTo("Detect Platform");
        assertThat(m.at("/categories/0").has("process")).as("untagged").isFalse();
        assertThat(m.at("/categories/3/process/name").asText()).isEqualTo("APIServer");
        assertThat(m.at("/categories/3/process/pid").asLong()).isEqualTo(4242);
        assertThat(m.at("/categories/8/title").asText()).isEqualTo("Pytorch Compilation");
        assertThat(m.at("/categories/8/elapsed").asDouble()).isEqualTo(40.0);
        assertThat(m.at("/categories/8/categories/1/title").asText()).isEqualTo("Inductor");
        assertThat(m.at("/categories/8/categories/1/elapsed").asDouble()).isEqualTo(33.0);

        assertThat(r.at("/time/start").asDouble()).isEqualTo(1_790_000_000.0);
        assertThat(r.at("/time/stop").asDouble()).isEqualTo(1_790_000_001.0);
        assertThat(r.at("/time/duration").asDouble()).isEqualTo(1.0);
    }

    @Test
    void writesTheBenchmarkReportV01() throws Exception {
        NopOutcome outcome = run(Fixtures.V1_DEBUG, Map.of("LLMDBENCH_DEPLOY_CURRENT_MODEL", "llama-8b"));
        assertThat(outcome.benchmarkReport()).isEqualTo(tmp.resolve("run/benchmark_report/result.yaml"));
        JsonNode br = yaml(outcome.benchmarkReport());
        assertThat(br.at("/version").asText()).isEqualTo("0.1");
        assertThat(br.at("/scenario/load/name").asText()).isEqualTo("nop");
        assertThat(br.at("/scenario/model/name").asText())
                .as("the environment names the model")
                .isEqualTo("llama-8b");
        assertThat(br.at("/scenario/platform/engine/0/version").asText()).isEqualTo("0.10.1.1");
        assertThat(br.at("/scenario/host/accelerator/0/model").asText()).isEqualTo("auto");
        assertThat(br.at("/scenario/host/accelerator/0/count").asInt()).isEqualTo(1);
        assertThat(br.at("/scenario/host/type/0").asText()).isEqualTo("replica");
        assertThat(br.at("/scenario/metadata/load_format").asText()).isEqualTo("safetensors");
        assertThat(br.at("/scenario/metadata/sleep_mode").asBoolean()).isTrue();
        assertThat(br.at("/scenario/metadata/gpus")).hasSize(2);
        assertThat(br.at("/metrics/time/duration").asDouble()).isEqualTo(1.0);
        assertThat(br.at("/metrics/requests/total").asInt()).isZero();
        assertThat(br.at("/metrics/requests/output_length/units").asText()).isEqualTo("count");
        assertThat(br.at("/metrics/requests/output_length/mean").asDouble()).isZero();
        assertThat(br.at("/metrics/latency/time_to_first_token/mean").asDouble())
                .isZero();
        assertThat(br.at("/metrics/throughput/total_tokens_per_sec").asDouble()).isZero();
        JsonNode server = br.at("/metrics/metadata/0");
        assertThat(server.at("/name").asText()).isEqualTo("vLLM Standalone");
        assertThat(server.at("/load/time/value").asDouble()).isEqualTo(5.123456);
        assertThat(server.at("/load/time/units").asText()).isEqualTo("s");
        assertThat(server.at("/load/size/units").asText()).isEqualTo("GiB");
        assertThat(server.at("/load/transfer_rate/units").asText()).isEqualTo("GiB/s");
        assertThat(server.at("/memory_profiling/initial_free/units").asText()).isEqualTo("GiB");
        assertThat(server.at("/sleep/gpu_in_use/value").asDouble()).isEqualTo(1.37);
        assertThat(server.at("/wake/units").asText()).isEqualTo("s");
        assertThat(server.at("/compile_graph/value").asDouble()).isEqualTo(24.38);
        assertThat(server.at("/categories/6/title").asText()).isEqualTo("Model Loading");
        assertThat(server.at("/categories/6/process").asText()).isEqualTo("EngineCore_0");
        assertThat(server.at("/categories/6/elapsed/value").asDouble()).isEqualTo(6.0);
        assertThat(server.at("/categories/6/elapsed/units").asText()).isEqualTo("s");
    }

    @Test
    void copiesTheLogAndExplainsThePhases() throws Exception {
        run(Fixtures.V1_DEBUG, Map.of());
        Path dir = tmp.resolve("run/vLLM_Standalone");
        assertThat(Files.readAllLines(dir.resolve("vllm.log"))).isEqualTo(Fixtures.lines(Fixtures.V1_DEBUG));
        String categories = Files.readString(dir.resolve("categories.log"));
        assertThat(categories)
                .contains("Model Loading\n    process: EngineCore_0 pid=4310\n    start:   2026-11-24 14:02:33.000\n")
                .contains("elapsed: 6.000 s")
                .contains("start marker: Starting to load model")
                .contains("end line: 30: (EngineCore_0 pid=4310) INFO 11-24 14:02:39 [gpu_model_runner.py:2007] Model"
                        + " loading took 14.9889 GiB and 5.123456 seconds")
                .contains("\n    Inductor\n        process: EngineCore_0 pid=4310\n");
        String text = Files.readString(tmp.resolve("run/analysis/result.txt"));
        assertThat(text)
                .contains("model loading       14.99 GiB in 5.12 s (2.93 GiB/s)")
                .contains("sleep / wake        2.14 s (freed 62.10 GiB, 1.37 GiB still in use) / 0.87 s")
                .contains("2 GPUs (NVIDIA H100 80GB HBM3)")
                .contains("total                       83.000 s");
        assertThat(printed.toString()).startsWith(text).contains("Files: " + tmp.resolve("run"));
    }

    @Test
    void infoLogWarnsAboutDebugAndCrossProcessPhasesAndUsesTheEnvironment() throws Exception {
        NopOutcome outcome = run(Fixtures.TP2_INFO, Map.of("LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT", "safetensors"));
        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.result().loadFormat())
                .as("the log's own format wins")
                .isEqualTo("runai_streamer");
        assertThat(outcome.result().model()).isEqualTo("Qwen/Qwen2.5-14B-Instruct");
        assertThat(outcome.warnings()).hasSize(3);
        assertThat(outcome.warnings().get(0))
                .endsWith("server.log has no DEBUG lines and 2 start-up phases were not found: start vLLM with"
                        + " VLLM_LOGGING_LEVEL=DEBUG");
        assertThat(outcome.warnings().get(1)).contains("phase Worker Initialization starts in process EngineCore_0");
        assertThat(printed.toString())
                .contains("harness: warning: ")
                .contains("not found: Detect Platform, Pytorch Compilation");
        JsonNode m = yaml(outcome.resultYaml()).at("/metrics/0");
        assertThat(m.at("/load_cached_compiled_graph").asDouble()).isEqualTo(5.12);
        assertThat(m.at("/memory_profiling/time").asDouble())
                .as("missing figures are 0")
                .isZero();
    }

    @Test
    void loadFormatFallsBackToTheEnvironment() throws Exception {
        Path log = Files.write(
                tmp.resolve("server.log"),
                List.of(
                        "(APIServer pid=1) INFO 11-24 10:00:00 [a.py:1] vLLM API server version 0.11.0",
                        "(APIServer pid=1) INFO 11-24 10:00:01 [b.py:2] Using max model len 4096"));
        NopOutcome outcome = NopHarness.run(
                log,
                tmp.resolve("run"),
                Map.of("LLMDBENCH_VLLM_COMMON_VLLM_LOAD_FORMAT", "fastsafetensors"),
                out,
                clock);
        assertThat(outcome.result().loadFormat()).isEqualTo("fastsafetensors");
        assertThat(outcome.result().model()).isEqualTo("unknown");
        assertThat(outcome.result().sleepMode()).isFalse();
    }

    @Test
    void somethingElseThanAVllmLogIsExitCode3WithTheFilesWritten() throws Exception {
        Path log = Files.writeString(tmp.resolve("nginx.log"), "127.0.0.1 - - [24/Nov/2026:10:00:00] \"GET /\" 200\n");
        NopOutcome outcome = NopHarness.run(log, tmp.resolve("run"), Map.of(), out, clock);
        assertThat(outcome.exitCode()).isEqualTo(3);
        assertThat(outcome.warnings())
                .containsExactly("no vLLM start-up lines in " + log + ": is it a vLLM server log?");
        assertThat(outcome.resultYaml()).exists();
        assertThat(outcome.benchmarkReport()).exists();
    }

    @Test
    void missingEmptyOrFolderLogIsOneLineNamingTheFile() throws Exception {
        Path missing = tmp.resolve("nope.log");
        assertThatThrownBy(() -> NopHarness.run(missing, tmp.resolve("run"), Map.of(), out))
                .isInstanceOf(HarnessException.class)
                .hasMessage("nop: vLLM server log " + missing + " does not exist")
                .satisfies(e -> assertThat(((HarnessException) e).exitCode()).isEqualTo(3));
        Path empty = Files.writeString(tmp.resolve("empty.log"), "\n\n");
        assertThatThrownBy(() -> NopHarness.run(empty, tmp.resolve("run"), Map.of(), out))
                .hasMessageStartingWith("nop: vLLM server log " + empty + " is empty");
        assertThatThrownBy(() -> NopHarness.run(tmp, tmp.resolve("run"), Map.of(), out))
                .hasMessage("nop: " + tmp + " is a folder, not a vLLM server log file");
        assertThat(tmp.resolve("run")).doesNotExist();
    }

    @Test
    void unwritableRunDirectoryIsAnExecutionError() throws Exception {
        Path log = Fixtures.copy(Fixtures.V1_DEBUG, tmp);
        Path blocker = Files.writeString(tmp.resolve("run"), "a file where the run directory should be");
        assertThatThrownBy(() -> NopHarness.run(log, blocker, Map.of(), out))
                .isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("nop: cannot create the run directory " + blocker)
                .satisfies(e -> assertThat(((HarnessException) e).exitCode()).isEqualTo(1));
    }

    @Test
    void yearComesFromWhenTheLogWasWritten() throws Exception {
        Path log = Files.write(tmp.resolve("server.log"), List.of("INFO 12-30 23:00:00 [a.py:1] x"));
        Files.setLastModifiedTime(log, FileTime.from(Instant.parse("2027-01-02T10:00:00Z")));
        assertThat(NopHarness.year(log, Files.readAllLines(log), clock))
                .as("begun in December")
                .isEqualTo(2026);
        Files.setLastModifiedTime(
                log, FileTime.from(Instant.parse("2026-12-31T10:00:00Z").plus(Duration.ofDays(0))));
        assertThat(NopHarness.year(log, Files.readAllLines(log), clock)).isEqualTo(2026);
    }

    @Test
    void bytesThatAreNotUtf8DoNotStopTheParser() throws Exception {
        byte[] bytes = ("(EngineCore_0 pid=1) INFO 11-24 10:00:00 [a.py:1] Starting to load model x\n"
                        + "(EngineCore_0 pid=1) \u0000\n")
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] withBad = java.util.Arrays.copyOf(bytes, bytes.length + 2);
        withBad[bytes.length] = (byte) 0xC3;
        withBad[bytes.length + 1] = '\n';
        Path log = Files.write(tmp.resolve("server.log"), withBad);
        assertThat(NopHarness.read(log)).hasSize(3).last().asString().contains("\uFFFD");
    }
}
