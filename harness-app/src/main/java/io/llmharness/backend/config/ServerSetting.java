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
    BACKEND("backend", "--server-backend"),
    MODEL("model", "--server-model"),
    PORT("port", "--server-port"),
    HOST("host", "--server-host"),
    ENDPOINT_TYPE("endpoint_type", "--server-endpoint-type"),
    EXECUTABLE("executable", "--server-executable"),
    ENTRYPOINT("entrypoint", "--server-entrypoint"),
    BACKEND_VERSION("backend_version", "--server-version"),
    DEBUG_MODE("debug_mode", "--server-debug-mode"),
    OUTPUT_DIR("output_dir", "--server-output-dir"),
    HEARTBEAT_INTERVAL("heartbeat_interval", "--heartbeat-interval"),
    HEARTBEAT_TIMEOUT("heartbeat_timeout", "--heartbeat-timeout"),
    HEARTBEAT_FAILURE_THRESHOLD("heartbeat_failure_threshold", "--heartbeat-failures"),
    STARTUP_TIMEOUT("startup_timeout", "--startup-timeout"),
    STARTUP_POLL_INTERVAL("startup_poll_interval", "--startup-poll-interval"),
    SHUTDOWN_GRACE("shutdown_grace", "--shutdown-grace"),
    NUM_GPUS("num_gpus", "--num-gpus"),
    NUM_PROCESSES("num_processes", "--num-processes"),
    VISIBLE_DEVICES_ENV("visible_devices_env", "--visible-devices-env"),
    PROFILE_ENABLED("profile.enabled", "--profile-enabled"),
    PROFILE_TOOL("profile.tool", "--profile-tool"),
    PROFILE_OUTPUT_DIR("profile.output_dir", "--profile-output-dir"),
    PROFILE_EXECUTABLE("profile.executable", "--profile-executable"),
    PROFILE_CAPTURE("profile.capture", "--profile-capture"),
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
