package io.llmharness.backend.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Every key a server config may hold, with its environment variable and command-line option. The environment
 * variable is {@code HARNESS_SERVER_} + the key in upper case with dots as underscores.
 */
public enum ServerSetting {
    /** Server program: {@code vllm} or {@code sglang}; required. */
    BACKEND("backend", "--server-backend"),
    /** HF repository id or model folder; required. */
    MODEL("model", "--server-model"),
    /** Port of the first server (integer; default 8000 for vLLM, 30000 for SGLang); server i uses port + i. */
    PORT("port", "--server-port"),
    /** Bind address passed as {@code --host} (default 127.0.0.1). */
    HOST("host", "--server-host"),
    /**
     * API key the server requires ({@code --api-key}; vLLM gets it as {@code VLLM_API_KEY}) and the client sends
     * as {@code Authorization: Bearer}; never written to a file (default none).
     */
    API_KEY("api_key", "--server-api-key"),
    /** API the client uses: completions (default), chat_completions or generate. */
    ENDPOINT_TYPE("endpoint_type", "--server-endpoint-type"),
    /** Program to run (default vllm, python or sglang by entrypoint); a path or a name on PATH. */
    EXECUTABLE("executable", "--server-executable"),
    /** Launch form: vLLM serve (default) or api_server; SGLang launch_server (default) or serve. */
    ENTRYPOINT("entrypoint", "--server-entrypoint"),
    /** Backend release that version-dependent flags are chosen for ({@code 0.12}, default latest). */
    BACKEND_VERSION("backend_version", "--server-version"),
    /** Verify and report process cleanup and GPU memory on stop (boolean, default false). */
    DEBUG_MODE("debug_mode", "--server-debug-mode"),
    /** Folder for server.log / server-N.log, NAME.log for harness server (default server_logs, or the run folder). */
    OUTPUT_DIR("output_dir", "--server-output-dir"),
    /** Seconds between health checks during a run (default 5; 0 turns them off). */
    HEARTBEAT_INTERVAL("heartbeat_interval", "--heartbeat-interval"),
    /** Seconds one health check may take (default 30). */
    HEARTBEAT_TIMEOUT("heartbeat_timeout", "--heartbeat-timeout"),
    /** Failed health checks in a row that mean the server is dead (default 3). */
    HEARTBEAT_FAILURE_THRESHOLD("heartbeat_failure_threshold", "--heartbeat-failures"),
    /** Seconds to wait for /health = 200 after launch (default 1200). */
    STARTUP_TIMEOUT("startup_timeout", "--startup-timeout"),
    /** Seconds between readiness checks (default 1). */
    STARTUP_POLL_INTERVAL("startup_poll_interval", "--startup-poll-interval"),
    /** Seconds between SIGTERM and SIGKILL (default 30; vLLM's --shutdown-timeout is added). */
    SHUTDOWN_GRACE("shutdown_grace", "--shutdown-grace"),
    /** GPUs split evenly among the servers (default 0 = leave the visible-devices variable alone). */
    NUM_GPUS("num_gpus", "--num-gpus"),
    /** Number of servers on consecutive ports (default 1). */
    NUM_PROCESSES("num_processes", "--num-processes"),
    /** Variable receiving each server's GPU slice (default CUDA_VISIBLE_DEVICES). */
    VISIBLE_DEVICES_ENV("visible_devices_env", "--visible-devices-env"),
    /** Profiling on or off (boolean; default on when profile.tool is set). */
    PROFILE_ENABLED("profile.enabled", "--profile-enabled"),
    /** Profiler: nsys, pytorch, amd or none (default none). */
    PROFILE_TOOL("profile.tool", "--profile-tool"),
    /** Folder for traces and reports (default profiles). */
    PROFILE_OUTPUT_DIR("profile.output_dir", "--profile-output-dir"),
    /** Wrapper program (default nsys or rocprofv3). */
    PROFILE_EXECUTABLE("profile.executable", "--profile-executable"),
    /** Nsight capture: endpoints (default; between /start_profile and /stop_profile) or whole. */
    PROFILE_CAPTURE("profile.capture", "--profile-capture"),
    /** Seconds POST /stop_profile may take (default 1800). */
    PROFILE_STOP_TIMEOUT("profile.stop_timeout", "--profile-stop-timeout");

    /** Prefix of every environment variable the loader reads. */
    public static final String ENV_PREFIX = "HARNESS_SERVER_";
    /** {@code HARNESS_SERVER_ENV_<NAME>=value} sets {@code NAME} in the server's environment. */
    public static final String ENV_VAR_PREFIX = ENV_PREFIX + "ENV_";
    /** Extra server arguments, split on whitespace, appended after the YAML ones. */
    public static final String ENV_ARGS = ENV_PREFIX + "ARGS";
    /** Extra profiler wrapper options, split on whitespace. */
    public static final String ENV_PROFILE_ARGS = ENV_PREFIX + "PROFILE_ARGS";
    /** The config file, when {@code --server-config} is not given. */
    public static final String ENV_CONFIG = ENV_PREFIX + "CONFIG";
    /** Set by the harness in every launched server's environment to find its processes again. */
    public static final String ENV_MARKER = ENV_PREFIX + "ID";
    /** The state folder of {@code harness server}. */
    public static final String ENV_STATE_DIR = ENV_PREFIX + "STATE_DIR";

    /** Structured keys that exist in YAML only as sections or lists. */
    static final List<String> SECTION_KEYS = List.of("env", "env_vars", "config", "profile");

    /** Keys of the {@code profile:} section that are not plain settings. */
    static final List<String> PROFILE_SECTION_KEYS = List.of("args", "start_request");

    private final String key;
    private final String cliFlag;

    ServerSetting(String key, String cliFlag) {
        this.key = key;
        this.cliFlag = cliFlag;
    }

    /** The YAML key; dotted for keys inside a section ({@code profile.tool}). */
    public String key() {
        return key;
    }

    /** The command-line option of the {@code harness server} commands and of the shared server options. */
    public String cliFlag() {
        return cliFlag;
    }

    /** The environment variable, e.g. {@code HARNESS_SERVER_HEARTBEAT_INTERVAL}. */
    public String envName() {
        return ENV_PREFIX + key.replace('.', '_').toUpperCase(Locale.ROOT);
    }

    /** The key's last component ({@code tool} for {@code profile.tool}). */
    String leafKey() {
        int dot = key.lastIndexOf('.');
        return dot < 0 ? key : key.substring(dot + 1);
    }

    /** The section the key lives in ({@code profile}), or empty for top-level keys. */
    String section() {
        int dot = key.lastIndexOf('.');
        return dot < 0 ? "" : key.substring(0, dot);
    }

    /** Looks a YAML key up. */
    public static Optional<ServerSetting> byKey(String key) {
        return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst();
    }

    /** Looks an environment variable name up. */
    public static Optional<ServerSetting> byEnvName(String name) {
        return Arrays.stream(values()).filter(s -> s.envName().equals(name)).findFirst();
    }
}
