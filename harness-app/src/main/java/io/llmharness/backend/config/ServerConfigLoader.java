package io.llmharness.backend.config;

import io.llmharness.backend.process.Ports;
import io.llmharness.client.EndpointType;
import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds a {@link ServerConfig} from a YAML file, environment variables and command-line values, in that
 * order of increasing precedence (CLI &gt; environment &gt; YAML &gt; caller fallbacks &gt; built-in defaults),
 * and validates it before any process starts. Every problem is reported as one {@link HarnessException} line
 * naming the file and key (or variable, or option) and how to fix it.
 *
 * <pre>{@code
 * ServerConfig cfg = ServerConfigLoader.forFile(Path.of("configs/backends/vllm.yaml"))
 *         .cli(options.overrides())
 *         .environment(System.getenv())
 *         .fallbacks(new ServerOverrides().set(ServerSetting.OUTPUT_DIR, runDir))
 *         .load();
 * }</pre>
 */
public final class ServerConfigLoader {

    private final Path file;
    private ServerOverrides cli = new ServerOverrides();
    private ServerOverrides fallbacks = new ServerOverrides();
    private Map<String, String> environment = System.getenv();
    private boolean checkHost = true;

    private ServerConfigLoader(Path file) {
        this.file = file;
    }

    /** A loader for {@code file}; null means "no file" (everything from the environment and the CLI). */
    public static ServerConfigLoader forFile(Path file) {
        return new ServerConfigLoader(file);
    }

    /** Values from command-line options (highest precedence). */
    public ServerConfigLoader cli(ServerOverrides values) {
        this.cli = values;
        return this;
    }

    /**
     * The environment to read {@code HARNESS_SERVER_*} variables (and {@code PATH}) from; default: this
     * process's environment.
     */
    public ServerConfigLoader environment(Map<String, String> env) {
        this.environment = Map.copyOf(env);
        return this;
    }

    /** Values the calling command supplies when nothing else does (e.g. the run folder as output_dir). */
    public ServerConfigLoader fallbacks(ServerOverrides values) {
        this.fallbacks = values;
        return this;
    }

    /**
     * Whether to check the machine: ports free, executables present (default true). Off for dry runs that
     * only print the command lines.
     */
    public ServerConfigLoader checkHost(boolean check) {
        this.checkHost = check;
        return this;
    }

    /** Reads, merges and validates; throws {@link HarnessException} (exit 3) on the first problem. */
    public ServerConfig load() {
        YamlSource yaml = file == null ? YamlSource.none() : YamlSource.read(file);
        Map<ServerSetting, Sourced> merged = new EnumMap<>(ServerSetting.class);
        fallbacks.values().forEach((s, v) -> merged.put(s, Sourced.text(v, "default for '" + s.key() + "'")));
        merged.putAll(yaml.values);
        readEnvironment(merged);
        cli.values().forEach((s, v) -> merged.put(s, Sourced.text(v, "option " + s.cliFlag())));
        return new ConfigBinder(yaml, merged, environment, cli, checkHost).bind();
    }

    private void readEnvironment(Map<ServerSetting, Sourced> merged) {
        List<String> known = knownEnvNames();
        for (Map.Entry<String, String> e : environment.entrySet()) {
            String name = e.getKey();
            if (!name.startsWith(ServerSetting.ENV_PREFIX) || name.startsWith(ServerSetting.ENV_VAR_PREFIX)) {
                continue;
            }
            Optional<ServerSetting> s = ServerSetting.byEnvName(name);
            if (s.isPresent()) {
                merged.put(s.get(), Sourced.text(e.getValue(), "environment variable " + name));
            } else if (!known.contains(name)) {
                throw HarnessException.config("environment variable " + name + " is not a server setting"
                        + DidYouMean.hint(name, known) + " (unset it, or see docs/server-manager.md)");
            }
        }
    }

    /** Every {@code HARNESS_SERVER_*} name the loader understands (apart from {@code HARNESS_SERVER_ENV_*}). */
    public static List<String> knownEnvNames() {
        List<String> names = new java.util.ArrayList<>();
        for (ServerSetting s : ServerSetting.values()) {
            names.add(s.envName());
        }
        names.addAll(List.of(
                ServerSetting.ENV_ARGS,
                ServerSetting.ENV_PROFILE_ARGS,
                ServerSetting.ENV_CONFIG,
                ServerSetting.ENV_STATE_DIR,
                ServerSetting.ENV_MARKER));
        return names;
    }

    /** Checks that every server port is free; the error names where the port came from. */
    static void checkPorts(ServerConfig cfg, String portOrigin) {
        for (int i = 0; i < cfg.gpus().numProcesses(); i++) {
            int p = cfg.portOf(i);
            if (!Ports.isFree(cfg.host(), p)) {
                String which = i == 0 ? "" : " (server " + i + " uses port+" + i + ")";
                throw HarnessException.config(portOrigin + ": port " + p + " on " + cfg.host() + " is already in use"
                        + which + "; stop whatever listens there or choose another port");
            }
        }
    }

    /** Parses a {@code --shutdown-timeout N} (vLLM's drain time) out of rendered arguments, if present. */
    static Duration drainTime(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String v = null;
            if (a.equals("--shutdown-timeout") && i + 1 < args.size()) {
                v = args.get(i + 1);
            } else if (a.startsWith("--shutdown-timeout=")) {
                v = a.substring("--shutdown-timeout=".length());
            }
            if (v != null) {
                try {
                    return Duration.ofSeconds(Long.parseLong(v.trim()));
                } catch (NumberFormatException e) {
                    return Duration.ZERO;
                }
            }
        }
        return Duration.ZERO;
    }

    static EndpointType endpointType(Sourced s) {
        return EndpointType.parse(ValueReader.string(s), s.origin());
    }
}
