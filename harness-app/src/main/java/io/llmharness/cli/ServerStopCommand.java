package io.llmharness.cli;

import io.llmharness.backend.RecordedServers;
import io.llmharness.backend.ServerState;
import io.llmharness.backend.ServerStateStore;
import io.llmharness.backend.StopReport;
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
            out.println("no servers recorded as '" + name + "' in " + store.dir() + "; nothing to stop");
            out.flush();
            return ExitCodes.OK;
        }
        List<StopReport> reports = RecordedServers.stop(recorded, message -> {
            out.println(message);
            out.flush();
        });
        store.delete(name);
        boolean clean = reports.stream().allMatch(StopReport::clean);
        return clean ? ExitCodes.OK : ExitCodes.EXECUTION_FAILURE;
    }
}
