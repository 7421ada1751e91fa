package io.llmharness.backend.config;

import io.llmharness.client.EndpointType;
import io.llmharness.secret.Secret;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One validated server configuration: everything needed to launch, watch and stop one or more identical
 * servers. Built by {@link ServerConfigLoader} from YAML, environment variables and command-line options
 * (CLI &gt; environment &gt; YAML &gt; defaults) and immutable afterwards.
 *
 * @param source what the config came from, for messages: the config file as the user named it, or
 *     {@code "command line"}
 * @param backend {@code backend}: vllm or sglang (required)
 * @param model {@code model}: HF repository id or local folder (required)
 * @param host {@code host}: bind address passed as {@code --host} (default 127.0.0.1); clients connect to
 *     127.0.0.1 when it is 0.0.0.0 or ::
 * @param port {@code port}: port of the first server (default 8000 for vLLM, 30000 for SGLang)
 * @param endpointType {@code endpoint_type}: the API the client should use (default completions)
 * @param entrypoint {@code entrypoint}: launch form (vLLM serve | api_server, SGLang launch_server | serve)
 * @param executable {@code executable}: resolved program path (or the bare name when checks were skipped)
 * @param backendVersion {@code backend_version}: the release flag spellings are chosen for (default latest)
 * @param serverArgs rendered {@code config.api_server_args} / {@code config.server_args}, then
 *     {@code HARNESS_SERVER_ARGS}, then {@code --server-arg} values
 * @param env {@code env} (alias {@code env_vars}): extra environment for the server, on top of the harness's
 * @param debugMode {@code debug_mode}: after stopping, verify no descendant survived (and none holds GPU
 *     memory) and report the process tree
 * @param outputDir {@code output_dir}: folder for {@code server.log} ({@code server-N.log} with several
 *     servers; {@code harness server start} names them {@code NAME.log} after its record)
 * @param heartbeat health checking while the server runs
 * @param startupTimeout {@code startup_timeout}: seconds to wait for {@code /health} = 200 (default 1200)
 * @param startupPollInterval {@code startup_poll_interval}: seconds between readiness checks (default 1)
 * @param shutdownGrace {@code shutdown_grace}: seconds between SIGTERM and SIGKILL (default 30, plus vLLM's
 *     {@code --shutdown-timeout} when set)
 * @param gpus server count and GPU partitioning
 * @param profile profiling options
 * @param apiKey {@code api_key}: the key the server requires and the client sends, or null; also taken from an
 *     {@code --api-key} in the server arguments
 */
public record ServerConfig(
        String source,
        Backend backend,
        String model,
        String host,
        int port,
        EndpointType endpointType,
        Entrypoint entrypoint,
        String executable,
        BackendVersion backendVersion,
        List<String> serverArgs,
        Map<String, String> env,
        boolean debugMode,
        Path outputDir,
        HeartbeatSettings heartbeat,
        Duration startupTimeout,
        Duration startupPollInterval,
        Duration shutdownGrace,
        GpuLayout gpus,
        ProfileSettings profile,
        Secret apiKey) {

    /** Default {@code startup_timeout}: 20 minutes (weights loading and CUDA-graph capture take long). */
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofMinutes(20);
    /** Default {@code shutdown_grace}. */
    public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(30);

    public ServerConfig {
        serverArgs = List.copyOf(serverArgs);
        env = Map.copyOf(env);
    }

    /** The address clients use: {@code host}, or 127.0.0.1 for a wildcard bind address. */
    public String clientHost() {
        return switch (host) {
            case "0.0.0.0", "::", "[::]", "" -> "127.0.0.1";
            default -> host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        };
    }

    /** Port of server {@code index} (0-based). */
    public int portOf(int index) {
        return port + index;
    }

    /** Base URL of server {@code index}, e.g. {@code http://127.0.0.1:8000}. */
    public String baseUrlOf(int index) {
        return "http://" + clientHost() + ":" + portOf(index);
    }
}
