package io.llmharness.backend;

import io.llmharness.backend.config.ServerSetting;
import io.llmharness.secret.Secrets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Exactly how one server process is started: the command line (profiler wrapper included, {@code setsid}
 * not), the variables added to the harness's environment, and where its output goes.
 *
 * @param index 0-based server number
 * @param name display name, e.g. {@code vllm[0]}
 * @param argv the command line
 * @param env variables set on top of the harness's own environment (config {@code env}, GPU slice, profiler
 *     variables, the cleanup marker)
 * @param host bind address
 * @param port port
 * @param baseUrl URL clients use, e.g. {@code http://127.0.0.1:8000}
 * @param logFile where stdout and stderr are appended
 * @param marker {@code HARNESS_SERVER_ID=…} entry that every process of this server inherits
 */
public record LaunchSpec(
        int index,
        String name,
        List<String> argv,
        Map<String, String> env,
        String host,
        int port,
        String baseUrl,
        Path logFile,
        String marker) {

    /** Environment variable that tags every process of a launched server, for cleanup and verification. */
    public static final String MARKER_VAR = ServerSetting.ENV_MARKER;

    public LaunchSpec {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
    }

    /**
     * The command line as a shell would show it (arguments with spaces or quotes are single-quoted), secrets
     * redacted ({@link Secrets#redactArgs}): this is what logs and messages show.
     */
    public String commandLine() {
        StringBuilder sb = new StringBuilder();
        for (String a : Secrets.redactArgs(argv)) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(a.matches("[A-Za-z0-9_./:=,+@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }
}
