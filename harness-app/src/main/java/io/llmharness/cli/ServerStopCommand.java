package io.llmharness.cli;

import io.llmharness.backend.RecordedServers;
import io.llmharness.backend.ServerState;
import io.llmharness.backend.StopReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code harness server stop}: stops the servers recorded under a name (SIGTERM to each process group, grace
 * period, SIGKILL for survivors, port check) and removes the record. Nothing recorded is not an error.
 * Exit code 1 when a process survived or a port stayed busy.
 */
@Command(
        name = "stop",
        mixinStandardHelpOptions = true,
        description = "Stop servers started by 'harness server start' and remove their record.")
public final class ServerStopCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    RecordedServerOptions servers;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RecordedServerOptions.Lookup lookup = servers.lookup(System.getenv());
        ServerState recorded = lookup.orSay(out, "no servers recorded as '%s' in %s; nothing to stop")
                .orElse(null);
        if (recorded == null) {
            return ExitCodes.OK;
        }
        List<StopReport> reports = RecordedServers.stop(recorded, message -> {
            out.println(message);
            out.flush();
        });
        lookup.store().delete(lookup.name());
        boolean clean = reports.stream().allMatch(StopReport::clean);
        return clean ? ExitCodes.OK : ExitCodes.EXECUTION_FAILURE;
    }
}
