package io.llmharness.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.config.ServerConfigLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LaunchPlannerTest {

    @TempDir
    Path dir;

    private List<LaunchSpec> plan(String yaml) throws IOException {
        return plan(yaml, Map.of());
    }

    private List<LaunchSpec> plan(String yaml, Map<String, String> harnessEnv) throws IOException {
        return new LaunchPlanner(harnessEnv).plan(load(yaml));
    }

    private ServerConfig load(String yaml) throws IOException {
        Path f = Files.writeString(dir.resolve("c.yaml"), yaml);
        return ServerConfigLoader.forFile(f).checkHost(false).load();
    }

    private String profileDir() {
        return Path.of("traces").toAbsolutePath().normalize().toString();
    }

    @Test
    void vllmServeCommand() throws IOException {
        LaunchSpec s = plan("backend: vllm\nmodel: meta-llama/Llama-3.1-8B-Instruct\nport: 8000\n"
                        + "config: {api_server_args: {tensor-parallel-size: 2, enable-prefix-caching: false}}\n")
                .get(0);
        assertThat(s.argv())
                .containsExactly(
                        "vllm",
                        "serve",
                        "meta-llama/Llama-3.1-8B-Instruct",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        "8000",
                        "--tensor-parallel-size",
                        "2",
                        "--no-enable-prefix-caching");
        assertThat(s.name()).isEqualTo("vllm[0]");
        assertThat(s.baseUrl()).isEqualTo("http://127.0.0.1:8000");
        assertThat(s.logFile()).isEqualTo(Path.of("server_logs/server.log"));
        assertThat(s.env()).containsKey(LaunchSpec.MARKER_VAR).doesNotContainKey("CUDA_VISIBLE_DEVICES");
        assertThat(s.marker()).startsWith(LaunchSpec.MARKER_VAR + "=").endsWith("-8000");
    }

    @Test
    void vllmLegacyModuleCommand() throws IOException {
        LaunchSpec s = plan("backend: vllm\nmodel: m\nentrypoint: api_server\nhost: 0.0.0.0\n")
                .get(0);
        assertThat(s.argv())
                .containsExactly(
                        "python",
                        "-m",
                        "vllm.entrypoints.openai.api_server",
                        "--model",
                        "m",
                        "--host",
                        "0.0.0.0",
                        "--port",
                        "8000");
        assertThat(s.baseUrl()).isEqualTo("http://127.0.0.1:8000");
    }

    @Test
    void sglangLaunchServerCommand() throws IOException {
        LaunchSpec s = plan("backend: sglang\nmodel: openai/gpt-oss-120b\nport: 30000\n"
                        + "config: {server_args: [--tp, '8', --context-length, '32768']}\n")
                .get(0);
        assertThat(s.argv())
                .containsExactly(
                        "python",
                        "-m",
                        "sglang.launch_server",
                        "--model-path",
                        "openai/gpt-oss-120b",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        "30000",
                        "--tp",
                        "8",
                        "--context-length",
                        "32768");
    }

    @Test
    void sglangServeCommandAndExecutableOverride() throws IOException {
        LaunchSpec s = plan("backend: sglang\nmodel: m\nentrypoint: serve\nexecutable: bin/sglang\n")
                .get(0);
        assertThat(s.argv()).startsWith("bin/sglang", "serve", "--model-path", "m");
    }

    @Test
    void listAndMappingConfigsGiveTheSameCommandLine() throws IOException {
        String list = plan("backend: vllm\nmodel: m\nconfig:\n  api_server_args:\n    - --tensor-parallel-size\n"
                        + "    - \"8\"\n    - --gpu-memory-utilization\n    - \"0.9\"\n    - --trust-remote-code\n")
                .get(0)
                .commandLine();
        String mapping = plan("backend: vllm\nmodel: m\nconfig:\n  api_server_args:\n    tensor_parallel_size: 8\n"
                        + "    gpu-memory-utilization: 0.9\n    trust-remote-code: true\n")
                .get(0)
                .commandLine();
        assertThat(mapping).isEqualTo(list);
    }

    @Test
    void severalServersGetPortsLogsAndGpuSlices() throws IOException {
        List<LaunchSpec> specs =
                plan("backend: vllm\nmodel: m\nport: 9000\nnum_gpus: 8\nnum_processes: 4\noutput_dir: run\n");
        assertThat(specs).extracting(LaunchSpec::port).containsExactly(9000, 9001, 9002, 9003);
        assertThat(specs)
                .extracting(s -> s.env().get("CUDA_VISIBLE_DEVICES"))
                .containsExactly("0,1", "2,3", "4,5", "6,7");
        assertThat(specs).extracting(LaunchSpec::logFile).contains(Path.of("run/server-3.log"));
        assertThat(specs).extracting(LaunchSpec::marker).doesNotHaveDuplicates();
    }

    @Test
    void namedLogsKeepConfigsThatShareTheOutputDirApart() throws IOException {
        LaunchPlanner planner = new LaunchPlanner(Map.of());
        assertThat(planner.plan(load("backend: vllm\nmodel: m\n"), "fake-vllm"))
                .extracting(LaunchSpec::logFile)
                .containsExactly(Path.of("server_logs/fake-vllm.log"));
        assertThat(planner.plan(load("backend: sglang\nmodel: m\nnum_processes: 2\n"), "fake-sglang"))
                .extracting(LaunchSpec::logFile)
                .containsExactly(Path.of("server_logs/fake-sglang-0.log"), Path.of("server_logs/fake-sglang-1.log"));
    }

    @Test
    void gpuSlicesComeFromAnInheritedDeviceList() throws IOException {
        List<LaunchSpec> specs = plan(
                "backend: sglang\nmodel: m\nnum_gpus: 4\nnum_processes: 2\nvisible_devices_env: HIP_VISIBLE_DEVICES\n",
                Map.of("HIP_VISIBLE_DEVICES", "4,5,6,7"));
        assertThat(specs).extracting(s -> s.env().get("HIP_VISIBLE_DEVICES")).containsExactly("4,5", "6,7");
    }

    @Test
    void nsysWrapsVllmWithCaptureRangeAndCudaProfilerConfig() throws IOException {
        LaunchSpec s = plan("backend: vllm\nmodel: m\nprofile: {tool: nsys, output_dir: traces, executable: nsys,"
                        + " args: ['--trace=cuda,nvtx']}\n")
                .get(0);
        assertThat(s.argv())
                .containsExactly(
                        "nsys",
                        "profile",
                        "--trace-fork-before-exec=true",
                        "--cuda-graph-trace=node",
                        "--force-overwrite=true",
                        "--capture-range=cudaProfilerApi",
                        "--capture-range-end=repeat",
                        "-o",
                        profileDir() + "/vllm-8000",
                        "--trace=cuda,nvtx",
                        "vllm",
                        "serve",
                        "m",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        "8000",
                        "--profiler-config",
                        "{\"profiler\":\"cuda\"}");
        assertThat(s.env()).containsEntry("VLLM_WORKER_MULTIPROC_METHOD", "spawn");
    }

    @Test
    void nsysOnOldVllmUsesTheCudaProfileVariable() throws IOException {
        LaunchSpec s = plan("backend: vllm\nmodel: m\nbackend_version: '0.12'\nprofile: {tool: nsys}\n")
                .get(0);
        assertThat(s.argv()).doesNotContain("--profiler-config");
        assertThat(s.env()).containsEntry("VLLM_TORCH_CUDA_PROFILE", "1");
    }

    @Test
    void nsysWholeCaptureHasNoCaptureRange() throws IOException {
        LaunchSpec s = plan("backend: sglang\nmodel: m\nprofile: {tool: nsys, capture: whole}\n")
                .get(0);
        assertThat(s.argv()).noneMatch(a -> a.startsWith("--capture-range"));
        assertThat(s.env()).doesNotContainKey("VLLM_WORKER_MULTIPROC_METHOD");
    }

    @Test
    void nsysOnSglangStopsCaptureAtStopProfile() throws IOException {
        LaunchSpec s =
                plan("backend: sglang\nmodel: m\nprofile: {tool: nsys}\n").get(0);
        assertThat(s.argv()).contains("--capture-range-end=stop").doesNotContain("--profiler-config");
    }

    @Test
    void torchProfilerByVersion() throws IOException {
        String dirJson = "\"" + profileDir() + "\"";
        LaunchSpec modern = plan("backend: vllm\nmodel: m\nprofile: {tool: pytorch, output_dir: traces}\n")
                .get(0);
        assertThat(modern.argv())
                .endsWith("--profiler-config", "{\"profiler\":\"torch\",\"torch_profiler_dir\":" + dirJson + "}");
        assertThat(modern.env()).doesNotContainKey("VLLM_TORCH_PROFILER_DIR");

        LaunchSpec old = plan("backend: vllm\nmodel: m\nbackend_version: 0.12.0\n"
                        + "profile: {tool: torch, output_dir: traces}\n")
                .get(0);
        assertThat(old.argv()).doesNotContain("--profiler-config");
        assertThat(old.env())
                .containsEntry("VLLM_TORCH_PROFILER_DIR", profileDir())
                .containsEntry("VLLM_RPC_TIMEOUT", "1800000");

        LaunchSpec sglang = plan("backend: sglang\nmodel: m\nprofile: {tool: pytorch, output_dir: traces}\n")
                .get(0);
        assertThat(sglang.env()).containsEntry("SGLANG_TORCH_PROFILER_DIR", profileDir());
    }

    @Test
    void userProfilerConfigAndVariablesWin() throws IOException {
        LaunchSpec s = plan("backend: vllm\nmodel: m\nbackend_version: '0.11'\nenv: {VLLM_RPC_TIMEOUT: '5'}\n"
                        + "profile: {tool: pytorch}\n")
                .get(0);
        assertThat(s.env()).containsEntry("VLLM_RPC_TIMEOUT", "5");
        LaunchSpec t = plan("backend: vllm\nmodel: m\nprofile: {tool: pytorch}\n"
                        + "config: {api_server_args: {profiler-config.profiler: torch}}\n")
                .get(0);
        assertThat(t.argv()).containsOnlyOnce("--profiler-config.profiler").doesNotContain("--profiler-config");
    }

    @Test
    void rocprofWrapsTheCommand() throws IOException {
        LaunchSpec s = plan("backend: vllm\nmodel: m\nprofile: {tool: amd, output_dir: traces, args: [--stats]}\n")
                .get(0);
        assertThat(s.argv())
                .startsWith(
                        "rocprofv3",
                        "--kernel-trace",
                        "--output-format",
                        "pftrace",
                        "-d",
                        profileDir() + "/vllm-8000",
                        "--stats",
                        "--",
                        "vllm",
                        "serve",
                        "m");
    }

    @Test
    void commandLineQuotesWhatAShellWouldSplit() throws IOException {
        LaunchSpec s = plan("backend: vllm\nmodel: m\nconfig: {api_server_args: {limit-mm-per-prompt: {image: 2}}}\n")
                .get(0);
        assertThat(s.commandLine()).endsWith("--limit-mm-per-prompt '{\"image\":2}'");
    }
}
