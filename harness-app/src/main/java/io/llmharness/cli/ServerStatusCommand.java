package io.llmharness.cli;

import io.llmharness.backend.HealthProbe;
import io.llmharness.backend.RecordedServers;
import io.llmharness.backend.ServerState;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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
    RecordedServerOptions servers;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RecordedServerOptions.Lookup lookup = servers.lookup(System.getenv());
        ServerState recorded =
                lookup.orSay(out, "'%s': not running (no record in %s)").orElse(null);
        if (recorded == null) {
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
