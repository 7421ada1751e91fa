package io.llmharness.backend;

import io.llmharness.backend.config.Backend;
import io.llmharness.backend.config.CaptureMode;
import io.llmharness.backend.config.ProfileSettings;
import io.llmharness.backend.config.ServerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What profiling adds to a launch (facts from the vLLM and SGLang profiling guides):
 *
 * <ul>
 *   <li><b>nsys</b>: wrapper {@code nsys profile --trace-fork-before-exec=true --cuda-graph-trace=node
 *       --force-overwrite=true -o DIR/BACKEND-PORT [ARGS]}; in {@code endpoints} capture mode also
 *       {@code --capture-range=cudaProfilerApi --capture-range-end=repeat} (vLLM; SGLang: {@code stop}), and
 *       for vLLM ≥ 0.13 {@code --profiler-config {"profiler":"cuda"}} (older: {@code VLLM_TORCH_CUDA_PROFILE=1}).
 *       vLLM also gets {@code VLLM_WORKER_MULTIPROC_METHOD=spawn}.
 *   <li><b>pytorch</b>: vLLM ≥ 0.13 {@code --profiler-config {"profiler":"torch","torch_profiler_dir":DIR}};
 *       vLLM ≤ 0.12 {@code VLLM_TORCH_PROFILER_DIR=DIR} and {@code VLLM_RPC_TIMEOUT=1800000} (stop_profile
 *       flushes for minutes); SGLang {@code SGLANG_TORCH_PROFILER_DIR=DIR}.
 *   <li><b>amd</b>: wrapper {@code rocprofv3 --kernel-trace --output-format pftrace -d DIR/BACKEND-PORT [ARGS] --}.
 * </ul>
 *
 * Variables the config's {@code env} already sets are left alone, and no {@code --profiler-config} is added
 * when the server arguments already have one.
 */
final class ProfilerPlan {

    private final ServerConfig cfg;
    private final ProfileSettings p;

    ProfilerPlan(ServerConfig cfg) {
        this.cfg = cfg;
        this.p = cfg.profile();
    }

    /** Adds flags and variables; returns the wrapper command (empty when the server is not wrapped). */
    List<String> apply(int port, List<String> serverArgs, Map<String, String> env) {
        boolean vllm = cfg.backend() == Backend.VLLM;
        boolean modern = cfg.backendVersion().atLeast(0, 13);
        String dir = p.outputDir().toAbsolutePath().normalize().toString();
        String report = dir + "/" + cfg.backend().configName() + "-" + port;
        List<String> wrapper = new ArrayList<>();
        switch (p.tool()) {
            case NONE -> {
                return wrapper;
            }
            case NSYS -> {
                wrapper.addAll(List.of(
                        p.executable(),
                        "profile",
                        "--trace-fork-before-exec=true",
                        "--cuda-graph-trace=node",
                        "--force-overwrite=true"));
                if (p.capture() == CaptureMode.ENDPOINTS) {
                    wrapper.add("--capture-range=cudaProfilerApi");
                    wrapper.add("--capture-range-end=" + (vllm ? "repeat" : "stop"));
                    if (vllm && modern) {
                        addProfilerConfig(serverArgs, "{\"profiler\":\"cuda\"}");
                    } else if (vllm) {
                        env.putIfAbsent("VLLM_TORCH_CUDA_PROFILE", "1");
                    }
                }
                wrapper.addAll(List.of("-o", report));
                wrapper.addAll(p.args());
                if (vllm) {
                    env.putIfAbsent("VLLM_WORKER_MULTIPROC_METHOD", "spawn");
                }
            }
            case PYTORCH -> {
                if (!vllm) {
                    env.putIfAbsent("SGLANG_TORCH_PROFILER_DIR", dir);
                } else if (modern) {
                    addProfilerConfig(
                            serverArgs, "{\"profiler\":\"torch\",\"torch_profiler_dir\":" + jsonString(dir) + "}");
                } else {
                    env.putIfAbsent("VLLM_TORCH_PROFILER_DIR", dir);
                    env.putIfAbsent("VLLM_RPC_TIMEOUT", "1800000");
                }
            }
            case AMD -> {
                wrapper.addAll(List.of(p.executable(), "--kernel-trace", "--output-format", "pftrace", "-d", report));
                wrapper.addAll(p.args());
                wrapper.add("--");
            }
        }
        return wrapper;
    }

    private static void addProfilerConfig(List<String> serverArgs, String json) {
        boolean present = serverArgs.stream().anyMatch(a -> a.startsWith("--profiler-config"));
        if (!present) {
            serverArgs.add("--profiler-config");
            serverArgs.add(json);
        }
    }

    private static String jsonString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
