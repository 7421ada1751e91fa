package io.llmharness.backend.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.llmharness.backend.testing.FakeBackend;
import io.llmharness.client.EndpointType;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerConfigLoaderTest {

    @TempDir
    Path dir;

    private Path file;

    @BeforeEach
    void executable() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String name : List.of("vllm", "python")) {
            Path p = bin.resolve(name);
            Files.writeString(p, "#!/bin/sh\nexit 0\n");
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        file = dir.resolve("cfg.yaml");
    }

    private Path write(String yaml) throws IOException {
        Files.writeString(file, yaml);
        return file;
    }

    private ServerConfig load(String yaml) throws IOException {
        return ServerConfigLoader.forFile(write(yaml)).checkHost(false).load();
    }

    private AbstractThrowableAssert<?, ? extends Throwable> assertError(String yaml) throws IOException {
        write(yaml);
        return assertThatThrownBy(() -> ServerConfigLoader.forFile(file)
                        .environment(Map.of("PATH", dir.resolve("bin").toString()))
                        .load())
                .isInstanceOf(HarnessException.class)
                .hasMessageNotContaining("\n")
                .satisfies(e -> assertThat(((HarnessException) e).exitCode()).isEqualTo(3));
    }

    @Test
    void seedVllmConfigLoads() throws IOException {
        ServerConfig c = load("""
                backend: vllm
                model: Qwen/Qwen3-VL-235B-A22B-Instruct
                port: 8000
                endpoint_type: chat_completions
                config:
                  api_server_args:
                    - --tensor-parallel-size
                    - "8"
                    - --gpu-memory-utilization
                    - "0.9"
                """);
        assertThat(c.backend()).isEqualTo(Backend.VLLM);
        assertThat(c.model()).isEqualTo("Qwen/Qwen3-VL-235B-A22B-Instruct");
        assertThat(c.port()).isEqualTo(8000);
        assertThat(c.endpointType()).isEqualTo(EndpointType.CHAT_COMPLETIONS);
        assertThat(c.serverArgs()).containsExactly("--tensor-parallel-size", "8", "--gpu-memory-utilization", "0.9");
        assertThat(c.entrypoint()).isEqualTo(Entrypoint.SERVE);
        assertThat(c.executable()).isEqualTo("vllm");
        assertThat(c.source()).isEqualTo(file.toString());
    }

    @Test
    void seedSglangConfigLoadsWithItsDefaults() throws IOException {
        ServerConfig c = load("""
                backend: sglang
                model: openai/gpt-oss-120b
                endpoint_type: completions
                config:
                  server_args: [--tp, "8", --context-length, "32768"]
                """);
        assertThat(c.port()).isEqualTo(30000);
        assertThat(c.entrypoint()).isEqualTo(Entrypoint.LAUNCH_SERVER);
        assertThat(c.executable()).isEqualTo("python");
        assertThat(c.serverArgs()).containsExactly("--tp", "8", "--context-length", "32768");
    }

    @Test
    void originalHarnessKeysAreAccepted() throws IOException {
        // Shape of the original backendserver example: env_vars, output_dir, heartbeat and profile sections.
        ServerConfig c = load("""
                backend: vllm
                model: meta-llama/Llama-2-7b-hf
                port: 8000
                output_dir: ./server_logs
                heartbeat_interval: 5
                heartbeat_timeout: 30
                startup_timeout: 600
                debug_mode: true
                env_vars:
                  CUDA_VISIBLE_DEVICES: "0"
                  OMP_NUM_THREADS: 16
                config:
                  api_server_args:
                    tensor-parallel-size: "4"
                    trust-remote-code: true
                    kv-cache-dtype: {auto: fp8}
                profile:
                  enabled: true
                  tool: nsys
                  output_dir: ./profiles
                  args: ['--trace=cuda,nvtx']
                """);
        assertThat(c.env()).containsEntry("CUDA_VISIBLE_DEVICES", "0").containsEntry("OMP_NUM_THREADS", "16");
        assertThat(c.debugMode()).isTrue();
        assertThat(c.startupTimeout()).isEqualTo(Duration.ofSeconds(600));
        assertThat(c.outputDir()).isEqualTo(Path.of("./server_logs"));
        assertThat(c.profile().tool()).isEqualTo(ProfilerTool.NSYS);
        assertThat(c.profile().args()).containsExactly("--trace=cuda,nvtx");
        assertThat(c.serverArgs()).contains("--kv-cache-dtype", "{\"auto\":\"fp8\"}");
    }

    @Test
    void defaultsApplyWhenKeysAreMissing() throws IOException {
        ServerConfig c = load("backend: vllm\nmodel: m\n");
        assertThat(c.host()).isEqualTo("127.0.0.1");
        assertThat(c.port()).isEqualTo(8000);
        assertThat(c.endpointType()).isEqualTo(EndpointType.COMPLETIONS);
        assertThat(c.heartbeat()).isEqualTo(HeartbeatSettings.DEFAULT);
        assertThat(c.startupTimeout()).isEqualTo(Duration.ofMinutes(20));
        assertThat(c.shutdownGrace()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.gpus()).isEqualTo(GpuLayout.SINGLE);
        assertThat(c.profile().enabled()).isFalse();
        assertThat(c.outputDir()).isEqualTo(Path.of("server_logs"));
        assertThat(c.debugMode()).isFalse();
    }

    @Test
    void cliBeatsEnvironmentBeatsYamlBeatsFallbacks() throws IOException {
        write("backend: vllm\nmodel: m\nport: 8000\nenv: {A: '1', B: '2'}\nconfig: {api_server_args: [--seed, '1']}\n");
        ServerOverrides fallbacks = new ServerOverrides()
                .set(ServerSetting.PORT, 7000)
                .set(ServerSetting.OUTPUT_DIR, "run-dir")
                .set(ServerSetting.MODEL, "ignored");
        Map<String, String> env = Map.of(
                "HARNESS_SERVER_PORT", "8100",
                "HARNESS_SERVER_ENV_B", "3",
                "HARNESS_SERVER_ARGS", "--enforce-eager  --max-num-seqs 8",
                "HARNESS_SERVER_HEARTBEAT_INTERVAL", "2");
        ServerOverrides cli = new ServerOverrides()
                .set(ServerSetting.PORT, 8200)
                .putEnv(Map.of("C", "4"))
                .addServerArgs(List.of("--dtype", "half"));
        ServerConfigLoader loader = ServerConfigLoader.forFile(file)
                .environment(env)
                .fallbacks(fallbacks)
                .checkHost(false);

        ServerConfig withCli = loader.cli(cli).load();
        assertThat(withCli.port()).isEqualTo(8200);
        assertThat(withCli.env()).isEqualTo(Map.of("A", "1", "B", "3", "C", "4"));
        assertThat(withCli.serverArgs())
                .containsExactly("--seed", "1", "--enforce-eager", "--max-num-seqs", "8", "--dtype", "half");
        assertThat(withCli.heartbeat().interval()).isEqualTo(Duration.ofSeconds(2));
        assertThat(withCli.outputDir()).isEqualTo(Path.of("run-dir"));
        assertThat(withCli.model()).isEqualTo("m");

        ServerConfig withoutCli = loader.cli(new ServerOverrides()).load();
        assertThat(withoutCli.port()).isEqualTo(8100);
    }

    @Test
    void everythingCanComeFromTheEnvironmentWithoutAFile() {
        ServerConfig c = ServerConfigLoader.forFile(null)
                .environment(Map.of("HARNESS_SERVER_BACKEND", "sglang", "HARNESS_SERVER_MODEL", "m"))
                .checkHost(false)
                .load();
        assertThat(c.backend()).isEqualTo(Backend.SGLANG);
        assertThat(c.source()).isEqualTo("command line");
    }

    @Test
    void theMarkerOfAnEnclosingServerIsNotASettingError() {
        // A harness started inside a managed server (e.g. by a fake launcher) inherits HARNESS_SERVER_ID.
        ServerConfig c = ServerConfigLoader.forFile(null)
                .environment(Map.of(
                        "HARNESS_SERVER_ID",
                        "ab12-8000",
                        "HARNESS_SERVER_BACKEND",
                        "vllm",
                        "HARNESS_SERVER_MODEL",
                        "m"))
                .checkHost(false)
                .load();
        assertThat(c.env()).doesNotContainKey("HARNESS_SERVER_ID");
    }

    @Test
    void durationsAcceptSecondsAndUnits() throws IOException {
        ServerConfig c = load("""
                backend: vllm
                model: m
                heartbeat_interval: 500ms
                heartbeat_timeout: 0.5
                startup_timeout: 2m
                shutdown_grace: 1h
                profile: {tool: pytorch, stop_timeout: 15min}
                """);
        assertThat(c.heartbeat().interval()).isEqualTo(Duration.ofMillis(500));
        assertThat(c.heartbeat().timeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(c.startupTimeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(c.shutdownGrace()).isEqualTo(Duration.ofHours(1));
        assertThat(c.profile().stopTimeout()).isEqualTo(Duration.ofMinutes(15));
    }

    @Test
    void vllmDrainTimeIsAddedToTheGracePeriod() throws IOException {
        ServerConfig c = load(
                "backend: vllm\nmodel: m\nshutdown_grace: 10\nconfig: {api_server_args: {shutdown-timeout: 20}}\n");
        assertThat(c.shutdownGrace()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void relativeExecutableResolvesAgainstTheConfigFolder() throws IOException {
        write("backend: vllm\nmodel: m\nport: " + FakeBackend.freePort(1) + "\nexecutable: bin/vllm\n");
        ServerConfig c = ServerConfigLoader.forFile(file).load();
        assertThat(c.executable()).isEqualTo(dir.resolve("bin/vllm").toString());
    }

    @Test
    void defaultExecutableIsFoundOnTheServersPath() throws IOException {
        write("backend: vllm\nmodel: m\nport: " + FakeBackend.freePort(1) + "\nenv: {PATH: '" + dir.resolve("bin")
                + "'}\n");
        ServerConfig c = ServerConfigLoader.forFile(file).load();
        assertThat(c.executable()).isEqualTo(dir.resolve("bin/vllm").toString());
    }

    @Test
    void unknownBackendSuggestsTheClosest() throws IOException {
        assertError("backend: vlm\nmodel: m\n")
                .hasMessage(file + ": key 'backend': unknown backend 'vlm'; did you mean 'vllm'? (use vllm or sglang)");
    }

    @Test
    void aServerArgumentWithoutValueIsABareFlag() throws IOException {
        ServerConfig c = load("""
                backend: vllm
                model: m
                config:
                  api_server_args:
                    enforce-eager:
                    max-model-len: 8192
                """);
        assertThat(c.serverArgs()).containsExactly("--enforce-eager", "--max-model-len", "8192");
    }

    @Test
    void aTopLevelKeyWithoutValueIsNotSet() throws IOException {
        ServerConfig c = load("backend: sglang\nmodel: m\nport:\nstartup_timeout:\n");
        assertThat(c.port()).isEqualTo(30000);
        assertThat(c.startupTimeout()).isEqualTo(ServerConfig.DEFAULT_STARTUP_TIMEOUT);
    }

    @Test
    void missingModelSaysWhereToSetIt() throws IOException {
        assertError("backend: vllm\n")
                .hasMessage(file + ": key 'model' is missing; add 'model: <HF repository id or model folder>', pass"
                        + " --server-model or set HARNESS_SERVER_MODEL");
    }

    @Test
    void emptyModelIsMissingToo() throws IOException {
        assertError("backend: vllm\nmodel:\n").hasMessageStartingWith(file + ": key 'model' has no value; add");
    }

    @Test
    void unknownKeySuggestsTheClosest() throws IOException {
        assertError("backend: vllm\nmodel: m\nheartbeat_intervall: 3\n")
                .hasMessage(file + ": unknown key 'heartbeat_intervall'; did you mean 'heartbeat_interval'?");
        assertError("backend: vllm\nmodel: m\nprofile: {tol: nsys}\n")
                .hasMessage(file + ": unknown key 'profile.tol'; did you mean 'profile.tool'?");
        assertError("backend: vllm\nmodel: m\ncompletely_different: 1\n")
                .hasMessage(file + ": unknown key 'completely_different'; see docs/server-manager.md for the keys");
    }

    @Test
    void wrongTypesNameTheKey() throws IOException {
        assertError("backend: vllm\nmodel: m\nport: [1]\n")
                .hasMessage(file + ": key 'port': expected an integer from 1 to 65535, got a list");
        assertError("backend: vllm\nmodel: m\nport: abc\n")
                .hasMessage(file + ": key 'port': expected an integer from 1 to 65535, got 'abc'");
        assertError("backend: vllm\nmodel: m\nport: 70000\n")
                .hasMessage(file + ": key 'port': 70000 is out of range; use an integer from 1 to 65535");
        assertError("backend: vllm\nmodel: m\ndebug_mode: maybe\n")
                .hasMessage(file + ": key 'debug_mode': expected true or false, got 'maybe'");
        assertError("backend: vllm\nmodel: m\nheartbeat_interval: soon\n")
                .hasMessageStartingWith(file + ": key 'heartbeat_interval': expected a duration in seconds");
        assertError("backend: vllm\nmodel: {a: b}\n")
                .hasMessage(file + ": key 'model': expected a string, got a mapping");
        assertError("backend: vllm\nmodel: m\nenv: [A]\n")
                .hasMessage(file + ": key 'env': expected a mapping, got a list");
        assertError("backend: vllm\nmodel: m\nenv: {A: [1]}\n")
                .hasMessage(file + ": key 'env.A': expected a string, got a list; quote the value");
        assertError("backend: vllm\nmodel: m\nstartup_timeout: 0\n")
                .hasMessage(file + ": key 'startup_timeout': must be more than 0 seconds");
    }

    @Test
    void badEnumValuesListTheChoices() throws IOException {
        assertError("backend: vllm\nmodel: m\nendpoint_type: chat2\n")
                .hasMessage(file + ": key 'endpoint_type': unknown endpoint type 'chat2'; use one of completions,"
                        + " chat_completions, generate");
        assertError("backend: sglang\nmodel: m\nentrypoint: api_server\n")
                .hasMessage(file + ": key 'entrypoint': 'api_server' is not an entrypoint of sglang; use"
                        + " launch_server or serve");
        assertError("backend: vllm\nmodel: m\nprofile: {tool: nsyss}\n")
                .hasMessage(file + ": key 'profile.tool': unknown profiler 'nsyss'; did you mean 'nsys'? (use nsys,"
                        + " pytorch, amd or none)");
        assertError("backend: vllm\nmodel: m\nprofile: {tool: nsys, capture: some}\n")
                .hasMessage(file + ": key 'profile.capture': unknown capture mode 'some'; use endpoints or whole");
        assertError("backend: vllm\nmodel: m\nbackend_version: new\n")
                .hasMessage(file + ": key 'backend_version': expected a release like 0.13 or 0.11.2 (or latest),"
                        + " got 'new'");
    }

    @Test
    void portInUseIsReportedBeforeAnythingStarts() throws IOException {
        try (ServerSocket busy = new ServerSocket(0)) {
            assertError("backend: vllm\nmodel: m\nport: " + busy.getLocalPort() + "\n")
                    .hasMessage(file + ": key 'port': port " + busy.getLocalPort() + " on 127.0.0.1 is already in"
                            + " use; stop whatever listens there or choose another port");
        }
    }

    @Test
    void secondServersPortInUseIsReportedToo() throws IOException {
        int base = FakeBackend.freePort(2);
        try (ServerSocket busy = new ServerSocket(base + 1)) {
            assertError("backend: vllm\nmodel: m\nport: " + base + "\nnum_processes: 2\n")
                    .hasMessageContaining(
                            "port " + (base + 1) + " on 127.0.0.1 is already in use (server 1 uses port+1)");
        }
    }

    @Test
    void missingExecutableIsReported() throws IOException {
        int port = FakeBackend.freePort(1);
        assertError("backend: vllm\nmodel: m\nport: " + port + "\nexecutable: no-such-vllm\n")
                .hasMessage(file + ": key 'executable': 'no-such-vllm' not found on PATH; install it or set"
                        + " 'executable' to the program's path");
        assertError("backend: vllm\nmodel: m\nport: " + port + "\nentrypoint: serve\nenv: {PATH: '"
                        + dir.resolve("empty") + "'}\n")
                .hasMessage(file + ": key 'executable' (default 'vllm' for vllm serve): 'vllm' not found on PATH;"
                        + " install it or set 'executable' to the program's path");
        assertError("backend: vllm\nmodel: m\nport: " + port + "\nexecutable: tools/none/vllm\n")
                .hasMessageContaining("'tools/none/vllm' not found (looked relative to the config file's folder,");
        assertError("backend: vllm\nmodel: m\nport: " + port + "\nprofile: {tool: nsys}\n")
                .hasMessage(file + ": key 'profile.tool': 'nsys' not found on PATH; install it or set"
                        + " profile.executable to its path");
    }

    @Test
    void flagsTheHarnessSetsAreRejectedInServerArguments() throws IOException {
        assertError("backend: vllm\nmodel: m\nconfig: {api_server_args: [--port, '9000']}\n")
                .hasMessage(file + ": the server arguments set --port; set it with the top-level key 'port' instead"
                        + " (the harness passes it)");
        assertError("backend: sglang\nmodel: m\nconfig: {server_args: {model-path: x}}\n")
                .hasMessageContaining("set --model-path; set it with the top-level key 'model'");
    }

    @Test
    void argumentsUnderTheOtherBackendsKeyAreRejected() throws IOException {
        assertError("backend: vllm\nmodel: m\nconfig: {server_args: [--tp, '8']}\n")
                .hasMessage(file + ": unknown key 'config.server_args'; vllm reads its server arguments from"
                        + " 'config.api_server_args'");
    }

    @Test
    void gpusMustSplitEvenly() throws IOException {
        assertError("backend: vllm\nmodel: m\nnum_gpus: 3\nnum_processes: 2\n")
                .hasMessage(file + ": key 'num_gpus': 3 GPUs cannot be split evenly among 2 servers (" + file
                        + ": key 'num_processes'); make num_gpus a multiple of num_processes");
    }

    @Test
    void misspeltEnvironmentVariablesAreReported() {
        assertThatThrownBy(() -> ServerConfigLoader.forFile(null)
                        .environment(Map.of("HARNESS_SERVER_PROT", "1"))
                        .load())
                .isInstanceOf(HarnessException.class)
                .hasMessage("environment variable HARNESS_SERVER_PROT is not a server setting; did you mean"
                        + " 'HARNESS_SERVER_PORT'? (unset it, or see docs/server-manager.md)");
    }

    @Test
    void badOptionValuesNameTheOption() throws IOException {
        write("backend: vllm\nmodel: m\n");
        assertThatThrownBy(() -> ServerConfigLoader.forFile(file)
                        .cli(new ServerOverrides().set(ServerSetting.PORT, "x"))
                        .checkHost(false)
                        .load())
                .hasMessage("option --server-port: expected an integer from 1 to 65535, got 'x'");
        assertThatThrownBy(() -> ServerConfigLoader.forFile(file)
                        .environment(Map.of("HARNESS_SERVER_NUM_PROCESSES", "0"))
                        .checkHost(false)
                        .load())
                .hasMessage("environment variable HARNESS_SERVER_NUM_PROCESSES: 0 is out of range; use an integer"
                        + " from 1 to 256");
    }

    @Test
    void fileProblemsAreOneLine() throws IOException {
        assertError("backend: vllm\n  model: [\n").hasMessageStartingWith(file + ": line ");
        assertError("backend: vllm\nmodel: m\nport: 1\nport: 2\n")
                .hasMessageContaining(": not valid YAML")
                .hasMessageContaining("Duplicate field 'port'");
        assertError("backend: vllm\nmodel: m\nenv:\n  A: '1'\n\tB: '2'\n")
                .hasMessage(file + ": line 5: not valid YAML: a tab in the indentation; YAML indents with spaces only");
        assertError("").hasMessage(file + ": the file is empty; it needs at least 'backend' and 'model'");
        assertError("- a\n").hasMessage(file + ": expected a mapping of keys (backend: vllm, model: …), got a list");
        assertError("backend: vllm\nmodel: m\nenv: {A: '1'}\nenv_vars: {B: '2'}\n")
                .hasMessage(file + ": keys 'env' and 'env_vars' are the same setting; keep one");
        assertError("backend: vllm\nmodel: m\nprofile: {enabled: true}\n")
                .hasMessage(file + ": key 'profile.enabled': profiling is enabled but no tool is named; add"
                        + " profile.tool: nsys, pytorch or amd");
        assertThatThrownBy(() ->
                        ServerConfigLoader.forFile(dir.resolve("nope.yaml")).load())
                .hasMessage(dir.resolve("nope.yaml") + ": no such file; check the --server-config path");
    }
}
