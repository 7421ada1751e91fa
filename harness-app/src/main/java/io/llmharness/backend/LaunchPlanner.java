package io.llmharness.backend;

import io.llmharness.backend.config.Backend;
import io.llmharness.backend.config.Entrypoint;
import io.llmharness.backend.config.ServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Renders the {@link LaunchSpec}s of a config: one per server, each with its port (base + index), its slice
 * of the GPUs, its log file and — when profiling — the profiler wrapper, flags and variables. Logs go to
 * {@code output_dir}: {@code server.log} ({@code server-N.log} with several servers), or {@code NAME.log}
 * ({@code NAME-N.log}) when the caller names them.
 *
 * <ul>
 *   <li>vLLM {@code serve}: {@code vllm serve MODEL --host H --port P ARGS…}
 *   <li>vLLM {@code api_server}: {@code python -m vllm.entrypoints.openai.api_server --model MODEL --host H --port P ARGS…}
 *   <li>SGLang {@code launch_server}: {@code python -m sglang.launch_server --model-path MODEL --host H --port P ARGS…}
 *   <li>SGLang {@code serve}: {@code sglang serve --model-path MODEL --host H --port P ARGS…}
 * </ul>
 */
public final class LaunchPlanner {

    /** Base name of the logs when the caller gives none: {@code server.log}, {@code server-N.log}. */
    private static final String DEFAULT_LOG_NAME = "server";

    private final Map<String, String> harnessEnv;

    /** @param harnessEnv the harness's own environment (inherited by the servers; read for GPU lists) */
    public LaunchPlanner(Map<String, String> harnessEnv) {
        this.harnessEnv = Map.copyOf(harnessEnv);
    }

    /** One spec per server, logging to {@code server.log} ({@code server-N.log}), as a run folder holds them. */
    public List<LaunchSpec> plan(ServerConfig cfg) {
        return plan(cfg, DEFAULT_LOG_NAME);
    }

    /**
     * One spec per server, logging to {@code logName.log} ({@code logName-N.log} with several servers). Used
     * by {@code harness server start}, whose servers of different configs share the default {@code output_dir}
     * and must not write into (and report the last lines of) each other's log.
     */
    public List<LaunchSpec> plan(ServerConfig cfg, String logName) {
        String runId = UUID.randomUUID().toString().substring(0, 8);
        int n = cfg.gpus().numProcesses();
        List<LaunchSpec> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(plan(cfg, i, runId, logName));
        }
        return out;
    }

    private LaunchSpec plan(ServerConfig cfg, int i, String runId, String logName) {
        String name = cfg.backend().configName() + "[" + i + "]";
        int port = cfg.portOf(i);
        Map<String, String> env = new LinkedHashMap<>(cfg.env());
        String var = cfg.gpus().visibleDevicesEnv();
        String inherited = env.getOrDefault(var, harnessEnv.get(var));
        String devices = cfg.gpus().devicesFor(i, inherited);
        if (devices != null) {
            env.put(var, devices);
        }
        List<String> serverArgs = new ArrayList<>(cfg.serverArgs());
        apiKey(cfg, serverArgs, env);
        List<String> wrapper = new ProfilerPlan(cfg).apply(port, serverArgs, env);
        List<String> argv = new ArrayList<>(wrapper);
        argv.addAll(baseCommand(cfg, port));
        argv.addAll(serverArgs);
        String marker = LaunchSpec.MARKER_VAR + "=" + runId + "-" + port;
        env.put(LaunchSpec.MARKER_VAR, runId + "-" + port);
        Path log =
                cfg.outputDir().resolve(cfg.gpus().numProcesses() == 1 ? logName + ".log" : logName + "-" + i + ".log");
        return new LaunchSpec(i, name, argv, env, cfg.host(), port, cfg.baseUrlOf(i), log, marker);
    }

    /**
     * The config's {@code api_key}, unless the server arguments already carry it: vLLM reads it from
     * {@code VLLM_API_KEY} (so it does not show in the process list), SGLang only takes {@code --api-key}.
     */
    private static void apiKey(ServerConfig cfg, List<String> serverArgs, Map<String, String> env) {
        boolean inArgs = serverArgs.stream().anyMatch(a -> a.equals("--api-key") || a.startsWith("--api-key="));
        if (cfg.apiKey() == null || inArgs) {
            return;
        }
        if (cfg.backend() == Backend.VLLM) {
            env.put("VLLM_API_KEY", cfg.apiKey().reveal());
        } else {
            serverArgs.add("--api-key");
            serverArgs.add(cfg.apiKey().reveal());
        }
    }

    /** The server command without arguments from {@code config:}. */
    static List<String> baseCommand(ServerConfig cfg, int port) {
        List<String> cmd = new ArrayList<>();
        cmd.add(cfg.executable());
        Backend b = cfg.backend();
        Entrypoint e = cfg.entrypoint();
        switch (e) {
            case SERVE -> {
                cmd.add("serve");
                if (b == Backend.VLLM) {
                    cmd.add(cfg.model());
                } else {
                    cmd.addAll(List.of("--model-path", cfg.model()));
                }
            }
            case API_SERVER -> cmd.addAll(List.of("-m", "vllm.entrypoints.openai.api_server", "--model", cfg.model()));
            case LAUNCH_SERVER -> cmd.addAll(List.of("-m", "sglang.launch_server", "--model-path", cfg.model()));
        }
        cmd.addAll(List.of("--host", cfg.host(), "--port", Integer.toString(port)));
        return cmd;
    }
}
