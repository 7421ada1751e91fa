package io.llmharness.cli;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.config.ServerConfigLoader;
import io.llmharness.backend.config.ServerOverrides;
import io.llmharness.backend.config.ServerSetting;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * Server-config options shared by {@code harness server start} and by commands that start servers for a run
 * ({@code --server-config} on {@code harness run} / {@code harness bench}; use it there with {@code @Mixin}).
 * Every option overrides the YAML key of the same meaning and its {@code HARNESS_SERVER_*} variable. Values
 * are validated by {@link ServerConfigLoader}, so errors name the option.
 */
public final class ServerOptions {

    @Option(
            names = "--server-config",
            paramLabel = "FILE",
            description = "Server YAML config (configs/backends/*.yaml); env HARNESS_SERVER_CONFIG.")
    Path configFile;

    @Option(names = "--server-backend", paramLabel = "NAME", description = "Backend: vllm or sglang.")
    String backend;

    @Option(names = "--server-model", paramLabel = "MODEL", description = "Model id or folder to serve.")
    String model;

    @Option(names = "--server-port", paramLabel = "PORT", description = "Port of the first server.")
    String port;

    @Option(names = "--server-host", paramLabel = "HOST", description = "Bind address (default 127.0.0.1).")
    String host;

    @Option(
            names = "--server-api-key",
            paramLabel = "KEY",
            description = "API key the server requires; the client sends it (config key api_key).")
    String apiKey;

    @Option(
            names = "--server-endpoint-type",
            paramLabel = "TYPE",
            description = "API the client uses: completions, chat_completions, generate.")
    String endpointType;

    @Option(
            names = "--server-executable",
            paramLabel = "PROGRAM",
            description = "Program to run instead of vllm / python / sglang.")
    String executable;

    @Option(
            names = "--server-entrypoint",
            paramLabel = "FORM",
            description = "Launch form: vLLM serve | api_server; SGLang launch_server | serve.")
    String entrypoint;

    @Option(
            names = "--server-version",
            paramLabel = "VERSION",
            description = "Backend release for version-dependent flags (default latest).")
    String backendVersion;

    @Option(
            names = "--server-arg",
            paramLabel = "ARGS",
            description = "Extra server arguments, split on whitespace; write --server-arg='--tp 8'. Repeatable.")
    List<String> serverArgs;

    @Option(
            names = "--server-env",
            paramLabel = "NAME=VALUE",
            description = "Variable for the server's environment. Repeatable.")
    Map<String, String> serverEnv;

    @Option(
            names = "--server-output-dir",
            paramLabel = "DIR",
            description = "Folder for the server logs (default ./server_logs, or the run folder).")
    String outputDir;

    @Option(
            names = "--server-debug-mode",
            arity = "0..1",
            paramLabel = "BOOL",
            description = "Verify and report process cleanup (and GPU memory) on stop.")
    Boolean debugMode;

    @Option(
            names = "--heartbeat-interval",
            paramLabel = "SECONDS",
            description = "Seconds between health checks; 0 = off (default 5).")
    String heartbeatInterval;

    @Option(
            names = "--heartbeat-timeout",
            paramLabel = "SECONDS",
            description = "Timeout of one health check (default 30).")
    String heartbeatTimeout;

    @Option(
            names = "--heartbeat-failures",
            paramLabel = "N",
            description = "Failed checks in a row that mean dead (default 3).")
    String heartbeatFailures;

    @Option(
            names = "--startup-timeout",
            paramLabel = "SECONDS",
            description = "Seconds to wait for readiness (default 1200).")
    String startupTimeout;

    @Option(
            names = "--startup-poll-interval",
            paramLabel = "SECONDS",
            description = "Seconds between readiness checks (default 1).")
    String startupPollInterval;

    @Option(
            names = "--shutdown-grace",
            paramLabel = "SECONDS",
            description = "Seconds from SIGTERM to SIGKILL (default 30).")
    String shutdownGrace;

    @Option(
            names = {"--num-gpus", "--num_gpus"},
            paramLabel = "G",
            description = "GPUs to split among the servers (sets CUDA_VISIBLE_DEVICES per server).")
    String numGpus;

    @Option(
            names = {"--num-processes", "--num_processes"},
            paramLabel = "P",
            description = "Number of servers, on ports port .. port+P-1 (default 1).")
    String numProcesses;

    @Option(
            names = "--visible-devices-env",
            paramLabel = "NAME",
            description = "Variable for the GPU slice (default CUDA_VISIBLE_DEVICES).")
    String visibleDevicesEnv;

    @Option(
            names = "--profile-enabled",
            arity = "0..1",
            paramLabel = "BOOL",
            description = "Switch profiling on or off (default: on when a tool is named).")
    Boolean profileEnabled;

    @Option(names = "--profile-tool", paramLabel = "TOOL", description = "Profiler: nsys, pytorch, amd or none.")
    String profileTool;

    @Option(names = "--profile-output-dir", paramLabel = "DIR", description = "Folder for traces (default ./profiles).")
    String profileOutputDir;

    @Option(names = "--profile-executable", paramLabel = "PROGRAM", description = "nsys / rocprofv3 program to use.")
    String profileExecutable;

    @Option(
            names = "--profile-capture",
            paramLabel = "MODE",
            description = "nsys capture: endpoints (default) or whole.")
    String profileCapture;

    @Option(
            names = "--profile-stop-timeout",
            paramLabel = "SECONDS",
            description = "Timeout of /stop_profile (default 1800).")
    String profileStopTimeout;

    @Option(
            names = "--profile-arg",
            paramLabel = "ARGS",
            description = "Extra profiler options, split on whitespace. Repeatable.")
    List<String> profileArgs;

    /** The config file: {@code --server-config}, else {@code HARNESS_SERVER_CONFIG}, else null. */
    public Path configFile(Map<String, String> env) {
        if (configFile != null) {
            return configFile;
        }
        String f = env.get(ServerSetting.ENV_CONFIG);
        return f == null || f.isBlank() ? null : Path.of(f);
    }

    /** Whether a config file or any server option was given (i.e. the command should manage servers). */
    public boolean requested(Map<String, String> env) {
        return configFile(env) != null || !overrides().isEmpty();
    }

    /** The option values as loader overrides. */
    public ServerOverrides overrides() {
        ServerOverrides o = new ServerOverrides()
                .set(ServerSetting.BACKEND, backend)
                .set(ServerSetting.MODEL, model)
                .set(ServerSetting.PORT, port)
                .set(ServerSetting.HOST, host)
                .set(ServerSetting.API_KEY, apiKey)
                .set(ServerSetting.ENDPOINT_TYPE, endpointType)
                .set(ServerSetting.EXECUTABLE, executable)
                .set(ServerSetting.ENTRYPOINT, entrypoint)
                .set(ServerSetting.BACKEND_VERSION, backendVersion)
                .set(ServerSetting.OUTPUT_DIR, outputDir)
                .set(ServerSetting.DEBUG_MODE, debugMode)
                .set(ServerSetting.HEARTBEAT_INTERVAL, heartbeatInterval)
                .set(ServerSetting.HEARTBEAT_TIMEOUT, heartbeatTimeout)
                .set(ServerSetting.HEARTBEAT_FAILURE_THRESHOLD, heartbeatFailures)
                .set(ServerSetting.STARTUP_TIMEOUT, startupTimeout)
                .set(ServerSetting.STARTUP_POLL_INTERVAL, startupPollInterval)
                .set(ServerSetting.SHUTDOWN_GRACE, shutdownGrace)
                .set(ServerSetting.NUM_GPUS, numGpus)
                .set(ServerSetting.NUM_PROCESSES, numProcesses)
                .set(ServerSetting.VISIBLE_DEVICES_ENV, visibleDevicesEnv)
                .set(ServerSetting.PROFILE_ENABLED, profileEnabled)
                .set(ServerSetting.PROFILE_TOOL, profileTool)
                .set(ServerSetting.PROFILE_OUTPUT_DIR, profileOutputDir)
                .set(ServerSetting.PROFILE_EXECUTABLE, profileExecutable)
                .set(ServerSetting.PROFILE_CAPTURE, profileCapture)
                .set(ServerSetting.PROFILE_STOP_TIMEOUT, profileStopTimeout);
        o.addServerArgs(split(serverArgs));
        o.addProfileArgs(split(profileArgs));
        o.putEnv(serverEnv == null ? Map.of() : new LinkedHashMap<>(serverEnv));
        return o;
    }

    /**
     * Loads and validates the config.
     *
     * @param env the process environment
     * @param fallbacks values the command supplies when nothing else does (e.g. {@code output_dir} = run
     *     folder, {@code model} = the run's {@code --model})
     * @param checkHost check ports and programs (false for dry runs)
     */
    public ServerConfig load(Map<String, String> env, ServerOverrides fallbacks, boolean checkHost) {
        return ServerConfigLoader.forFile(configFile(env))
                .cli(overrides())
                .environment(env)
                .fallbacks(fallbacks)
                .checkHost(checkHost)
                .load();
    }

    private static List<String> split(List<String> values) {
        if (values == null) {
            return List.of();
        }
        return values.stream()
                .flatMap(v -> Arrays.stream(v.trim().split("\\s+")))
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
