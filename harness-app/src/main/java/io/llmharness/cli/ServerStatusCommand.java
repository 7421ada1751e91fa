package io.llmharness.cli;

import io.llmharness.backend.HealthProbe;
import io.llmharness.backend.RecordedServers;
import io.llmharness.backend.ServerState;
import io.llmharness.backend.ServerStateStore;
import io.llmharness.backend.config.ServerSetting;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness server status}: one line per recorded server — {@code ready} (process alive, {@code /health}
 * 200), {@code running} (alive, not healthy) or {@code dead} (with leftovers and the log's last lines).
 * Exit code 0 when all are ready, 1 otherwise (also when nothing is recorded).
 */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description = "Report whether recorded servers are ready, running or dead.")
public final class ServerStatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerStateOptions state;

    @Option(
            names = "--server-config",
            paramLabel = "FILE",
            description = "The config the servers were started with (names the record; not read).")
    Path configFile;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Map<String, String> env = System.getenv();
        Path cfg = configFile != null
                ? configFile
                : env.get(ServerSetting.ENV_CONFIG) == null ? null : Path.of(env.get(ServerSetting.ENV_CONFIG));
        String name = state.name(cfg, null);
        ServerStateStore store = state.store(env);
        ServerState recorded = store.read(name).orElse(null);
        if (recorded == null) {
            out.println("'" + name + "': not running (no record in " + store.dir() + ")");
            out.flush();
            return ExitCodes.EXECUTION_FAILURE;
        }
        List<RecordedServers.Status> all;
        try (HealthProbe probe = new HealthProbe()) {
            all = RecordedServers.status(recorded, probe);
        }
        all.forEach(s -> out.println(s.describe()));
        out.flush();
        boolean ready = all.stream().allMatch(s -> s.liveness() == RecordedServers.Liveness.READY);
        return ready ? ExitCodes.OK : ExitCodes.EXECUTION_FAILURE;
    }
}
