package io.llmharness.cli;

import io.llmharness.backend.ServerStateStore;
import io.llmharness.backend.config.ServerSetting;
import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/** Where {@code harness server} keeps its records, and which record a command means. */
public final class ServerStateOptions {

    @Option(
            names = "--state-dir",
            paramLabel = "DIR",
            description = "Folder of server records (default ./.harness/servers; env HARNESS_SERVER_STATE_DIR).")
    Path stateDir;

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Record name (default: the config file name without extension).")
    String name;

    ServerStateStore store(Map<String, String> env) {
        if (stateDir != null) {
            return new ServerStateStore(stateDir);
        }
        String d = env.get(ServerSetting.ENV_STATE_DIR);
        return new ServerStateStore(d == null || d.isBlank() ? ServerStateStore.DEFAULT_DIR : Path.of(d));
    }

    /** {@code --name}, else the config file's name without extension, else the backend name. */
    String name(Path configFile, String backendFallback) {
        if (name != null && !name.isBlank()) {
            if (!name.matches("[A-Za-z0-9._-]+")) {
                throw HarnessException.usage("--name '" + name + "': use letters, digits, '.', '_' and '-' only");
            }
            return name;
        }
        if (configFile != null) {
            String f = configFile.getFileName().toString();
            int dot = f.lastIndexOf('.');
            return dot > 0 ? f.substring(0, dot) : f;
        }
        if (backendFallback != null) {
            return backendFallback;
        }
        throw HarnessException.usage("name the servers: give --server-config FILE or --name NAME");
    }
}
