package io.llmharness.backend.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.client.EndpointType;
import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import io.llmharness.secret.Secret;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Turns merged {@link Sourced} values into a validated {@link ServerConfig}. */
final class ConfigBinder {

    private final YamlSource yaml;
    private final Map<ServerSetting, Sourced> values;
    private final Map<String, String> environment;
    private final ServerOverrides cli;
    private final boolean checkHost;

    ConfigBinder(
            YamlSource yaml,
            Map<ServerSetting, Sourced> values,
            Map<String, String> environment,
            ServerOverrides cli,
            boolean checkHost) {
        this.yaml = yaml;
        this.values = values;
        this.environment = environment;
        this.cli = cli;
        this.checkHost = checkHost;
    }

    ServerConfig bind() {
        Backend backend = backend();
        String model = required(ServerSetting.MODEL, "'model: <HF repository id or model folder>'");
        String host = optional(ServerSetting.HOST, "127.0.0.1");
        if (host.isBlank()) {
            throw HarnessException.config(values.get(ServerSetting.HOST).origin() + ": the host is empty");
        }
        GpuLayout gpus = gpus();
        int port = has(ServerSetting.PORT)
                ? ValueReader.integer(values.get(ServerSetting.PORT), 1, 65536 - gpus.numProcesses())
                : backend.defaultPort();
        EndpointType endpoint = has(ServerSetting.ENDPOINT_TYPE)
                ? ServerConfigLoader.endpointType(values.get(ServerSetting.ENDPOINT_TYPE))
                : EndpointType.COMPLETIONS;
        Entrypoint entrypoint = entrypoint(backend);
        Map<String, String> env = env();
        List<String> args = serverArgs(backend);
        String executable = executable(backend, entrypoint, env);
        BackendVersion version = version();
        ProfileSettings profile = new ProfileBinder(values, yaml, cli, environment, checkHost).bind(env);
        Duration grace = duration(ServerSetting.SHUTDOWN_GRACE, ServerConfig.DEFAULT_SHUTDOWN_GRACE)
                .plus(backend == Backend.VLLM ? ServerConfigLoader.drainTime(args) : Duration.ZERO);
        ServerConfig cfg = new ServerConfig(
                yaml.file == null ? "command line" : yaml.file,
                backend,
                model,
                host,
                port,
                endpoint,
                entrypoint,
                executable,
                version,
                args,
                env,
                has(ServerSetting.DEBUG_MODE) && ValueReader.bool(values.get(ServerSetting.DEBUG_MODE)),
                Path.of(optional(ServerSetting.OUTPUT_DIR, "server_logs")),
                heartbeat(),
                positive(ServerSetting.STARTUP_TIMEOUT, ServerConfig.DEFAULT_STARTUP_TIMEOUT),
                positive(ServerSetting.STARTUP_POLL_INTERVAL, Duration.ofSeconds(1)),
                grace,
                gpus,
                profile,
                apiKey(args));
        if (checkHost) {
            ServerConfigLoader.checkPorts(cfg, originOf(ServerSetting.PORT));
        }
        return cfg;
    }

    private Backend backend() {
        String name = required(ServerSetting.BACKEND, "'backend: vllm' or 'backend: sglang'");
        List<String> names =
                Arrays.stream(Backend.values()).map(Backend::configName).toList();
        return Backend.fromConfigName(name)
                .orElseThrow(() -> HarnessException.config(
                        values.get(ServerSetting.BACKEND).origin()
                                + ": unknown backend '" + name + "'" + DidYouMean.hint(name, names) + " (use "
                                + String.join(" or ", names) + ")"));
    }

    private Entrypoint entrypoint(Backend backend) {
        if (!has(ServerSetting.ENTRYPOINT)) {
            return backend.defaultEntrypoint();
        }
        Sourced s = values.get(ServerSetting.ENTRYPOINT);
        String allowed = Entrypoint.allowedFor(backend).stream()
                .map(Entrypoint::configName)
                .collect(Collectors.joining(" or "));
        return Entrypoint.fromConfigName(ValueReader.string(s))
                .filter(e -> e.supports(backend))
                .orElseThrow(() -> HarnessException.config(s.origin() + ": '" + ValueReader.string(s)
                        + "' is not an entrypoint of " + backend.configName() + "; use " + allowed));
    }

    private BackendVersion version() {
        if (!has(ServerSetting.BACKEND_VERSION)) {
            return BackendVersion.LATEST;
        }
        Sourced s = values.get(ServerSetting.BACKEND_VERSION);
        return BackendVersion.parse(ValueReader.string(s))
                .orElseThrow(() -> HarnessException.config(s.origin() + ": expected a release like 0.13 or"
                        + " 0.11.2 (or latest), got '" + ValueReader.string(s) + "'"));
    }

    private GpuLayout gpus() {
        int gpusTotal =
                has(ServerSetting.NUM_GPUS) ? ValueReader.integer(values.get(ServerSetting.NUM_GPUS), 0, 1024) : 0;
        int processes = has(ServerSetting.NUM_PROCESSES)
                ? ValueReader.integer(values.get(ServerSetting.NUM_PROCESSES), 1, 256)
                : 1;
        if (gpusTotal > 0 && gpusTotal % processes != 0) {
            throw HarnessException.config(originOf(ServerSetting.NUM_GPUS) + ": " + gpusTotal
                    + " GPUs cannot be split evenly among " + processes + " servers ("
                    + originOf(ServerSetting.NUM_PROCESSES) + "); make num_gpus a multiple of num_processes");
        }
        String var = optional(ServerSetting.VISIBLE_DEVICES_ENV, "CUDA_VISIBLE_DEVICES");
        return new GpuLayout(gpusTotal, processes, var);
    }

    private HeartbeatSettings heartbeat() {
        HeartbeatSettings d = HeartbeatSettings.DEFAULT;
        int threshold = has(ServerSetting.HEARTBEAT_FAILURE_THRESHOLD)
                ? ValueReader.integer(values.get(ServerSetting.HEARTBEAT_FAILURE_THRESHOLD), 1, 1000)
                : d.failureThreshold();
        return new HeartbeatSettings(
                duration(ServerSetting.HEARTBEAT_INTERVAL, d.interval()),
                positive(ServerSetting.HEARTBEAT_TIMEOUT, d.timeout()),
                threshold);
    }

    private Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        yaml.env.forEach((k, v) -> env.put(k, ValueReader.string(v)));
        environment.forEach((k, v) -> {
            if (k.startsWith(ServerSetting.ENV_VAR_PREFIX) && k.length() > ServerSetting.ENV_VAR_PREFIX.length()) {
                env.put(k.substring(ServerSetting.ENV_VAR_PREFIX.length()), v);
            }
        });
        env.putAll(cli.env());
        for (String name : env.keySet()) {
            if (name.isBlank() || name.contains("=") || name.contains("\0")) {
                throw HarnessException.config(
                        source() + ": environment variable name '" + name + "' is not valid; use NAME: value");
            }
        }
        return env;
    }

    private List<String> serverArgs(Backend backend) {
        List<String> args = new ArrayList<>();
        if (yaml.config != null) {
            for (Map.Entry<String, JsonNode> e : yaml.config.properties()) {
                String key = e.getKey();
                String where = yaml.file + ": key 'config." + key + "'";
                if (key.equals(backend.argsKey())) {
                    args.addAll(ArgumentRenderer.render(e.getValue(), backend, where));
                } else {
                    throw HarnessException.config(yaml.file + ": unknown key 'config." + key + "'"
                            + "; " + backend.configName() + " reads its server arguments from 'config."
                            + backend.argsKey() + "'");
                }
            }
        }
        String extra = environment.get(ServerSetting.ENV_ARGS);
        if (extra != null && !extra.isBlank()) {
            args.addAll(Arrays.asList(extra.trim().split("\\s+")));
        }
        args.addAll(cli.serverArgs());
        for (String a : args) {
            for (String reserved : backend.reservedFlags()) {
                if (a.equals(reserved) || a.startsWith(reserved + "=")) {
                    String key = reserved.equals("--port") ? "port" : reserved.equals("--host") ? "host" : "model";
                    throw HarnessException.config(source() + ": the server arguments set " + reserved
                            + "; set it with the top-level key '" + key + "' instead (the harness passes it)");
                }
            }
        }
        return args;
    }

    /**
     * {@code api_key}, or the value of an {@code --api-key} in the server arguments (which then is not added a second
     * time); both at once is an error.
     */
    private Secret apiKey(List<String> args) {
        Secret fromArgs = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--api-key=")) {
                fromArgs = Secret.of(a.substring("--api-key=".length()), source() + " server arguments");
            } else if (a.equals("--api-key") && i + 1 < args.size()) {
                fromArgs = Secret.of(args.get(i + 1), source() + " server arguments");
            }
        }
        if (!has(ServerSetting.API_KEY)) {
            return fromArgs;
        }
        String key = ValueReader.string(values.get(ServerSetting.API_KEY)).strip();
        if (key.isEmpty()) {
            throw HarnessException.config(originOf(ServerSetting.API_KEY) + ": the API key is empty; remove the key"
                    + " for a server without one");
        }
        if (fromArgs != null) {
            throw HarnessException.config(originOf(ServerSetting.API_KEY) + ": the server arguments set --api-key"
                    + " too; give the key once, as api_key");
        }
        return Secret.of(key, originOf(ServerSetting.API_KEY));
    }

    private String executable(Backend backend, Entrypoint entrypoint, Map<String, String> env) {
        boolean explicit = has(ServerSetting.EXECUTABLE);
        String name = explicit
                ? ValueReader.string(values.get(ServerSetting.EXECUTABLE))
                : entrypoint.defaultExecutable(backend);
        String origin = explicit
                ? values.get(ServerSetting.EXECUTABLE).origin()
                : source() + ": key 'executable' (default '" + name + "' for " + backend.configName() + " "
                        + entrypoint.configName() + ")";
        return resolveProgram(name, origin, env, "set 'executable' to the program's path");
    }

    /** Resolves a program name, or returns it as is when host checks are off. */
    String resolveProgram(String name, String origin, Map<String, String> env, String fix) {
        if (name.isBlank()) {
            throw HarnessException.config(origin + ": the program name is empty; " + fix);
        }
        if (!checkHost) {
            return name;
        }
        String path = env.getOrDefault("PATH", environment.get("PATH"));
        return ExecutableResolver.resolve(name, yaml.dir, ExecutableResolver.repoRoot(), path)
                .map(Path::toString)
                .orElseThrow(() -> HarnessException.config(origin + ": '" + name + "' not found"
                        + (name.contains("/")
                                ? " (looked relative to the config file's folder, the repository root and the"
                                        + " current folder)"
                                : " on PATH")
                        + "; install it or " + fix));
    }

    boolean has(ServerSetting s) {
        Sourced v = values.get(s);
        return v != null && !(v.isNode() && (v.node().isNull() || v.node().isMissingNode()));
    }

    String optional(ServerSetting s, String dflt) {
        return has(s) ? ValueReader.string(values.get(s)) : dflt;
    }

    private String required(ServerSetting s, String example) {
        if (!has(s) || ValueReader.string(values.get(s)).isBlank()) {
            Sourced v = values.get(s);
            String where = v != null ? v.origin() + " has no value" : source() + ": key '" + s.key() + "' is missing";
            throw HarnessException.config(
                    where + "; add " + example + ", pass " + s.cliFlag() + " or set " + s.envName());
        }
        return ValueReader.string(values.get(s)).strip();
    }

    Duration duration(ServerSetting s, Duration dflt) {
        return has(s) ? ValueReader.duration(values.get(s)) : dflt;
    }

    private Duration positive(ServerSetting s, Duration dflt) {
        Duration d = duration(s, dflt);
        if (d.isZero() || d.isNegative()) {
            throw HarnessException.config(values.get(s).origin() + ": must be more than 0 seconds");
        }
        return d;
    }

    String originOf(ServerSetting s) {
        Sourced v = values.get(s);
        return v != null ? v.origin() : source() + ": key '" + s.key() + "' (default)";
    }

    private String source() {
        return yaml.file == null ? "server config" : yaml.file;
    }
}
