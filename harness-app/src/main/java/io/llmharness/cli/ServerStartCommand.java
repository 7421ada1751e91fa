package io.llmharness.cli;

import io.llmharness.backend.HealthProbe;
import io.llmharness.backend.LaunchPlanner;
import io.llmharness.backend.LaunchSpec;
import io.llmharness.backend.ManagedServer;
import io.llmharness.backend.ManagedServers;
import io.llmharness.backend.RecordedServers;
import io.llmharness.backend.ServerListener;
import io.llmharness.backend.ServerState;
import io.llmharness.backend.ServerStateStore;
import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.config.ServerOverrides;
import io.llmharness.error.HarnessException;
import io.llmharness.secret.Secrets;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code harness server start}: launches the config's servers, waits until they are ready, records them in
 * the state folder and returns, leaving them running ({@code --foreground}: keeps watching them until Ctrl-C
 * or a failure, then stops them). Progress goes to stderr; one line per ready server goes to stdout. Each
 * server logs to {@code output_dir/NAME.log} ({@code NAME-N.log} with several), NAME being the record's name.
 */
@Command(
        name = "start",
        mixinStandardHelpOptions = true,
        description = "Start the servers of a config, wait until ready, record them and return.")
public final class ServerStartCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Mixin
    ServerStateOptions state;

    @Option(names = "--foreground", description = "Keep watching the servers; stop them on Ctrl-C or failure.")
    boolean foreground;

    @Option(names = "--dry-run", description = "Validate the config and print the command lines; start nothing.")
    boolean dryRun;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Map<String, String> env = System.getenv();
        ServerConfig unchecked = server.load(env, new ServerOverrides(), false);
        Path configFile = server.configFile(env);
        String name = state.name(configFile, unchecked.backend().configName());
        // Logs are named after the record: configs sharing output_dir (default server_logs) keep apart.
        if (dryRun) {
            printPlan(out, new LaunchPlanner(env).plan(unchecked, name));
            return ExitCodes.OK;
        }
        ServerStateStore store = state.store(env);
        ServerListener listener = message -> {
            err.println("harness: " + message);
            err.flush();
        };
        if (!foreground) {
            clearPrevious(store, name, listener);
        }
        // Checked only now, so that "already running" wins over "port in use" for a second start.
        ServerConfig cfg = server.load(env, new ServerOverrides(), true);
        List<LaunchSpec> specs = new LaunchPlanner(env).plan(cfg, name);
        ManagedServers servers = ManagedServers.start(cfg, specs, listener);
        for (ManagedServer s : servers.servers()) {
            out.println(s.spec().name() + " " + s.baseUrl() + " pid " + s.pid() + " ready (" + s.modelInfo() + "); log "
                    + s.spec().logFile());
        }
        out.flush();
        return foreground ? watch(servers) : detach(servers, store, name, configFile, out, listener);
    }

    private static void printPlan(PrintWriter out, List<LaunchSpec> specs) {
        for (LaunchSpec s : specs) {
            out.println(s.name() + " " + s.baseUrl() + " (log " + s.logFile() + ")");
            s.env().entrySet().stream()
                    .filter(e -> !e.getKey().equals(LaunchSpec.MARKER_VAR))
                    .sorted(Map.Entry.comparingByKey())
                    .forEach(e ->
                            out.println("  env " + e.getKey() + "=" + Secrets.redactValue(e.getKey(), e.getValue())));
            out.println("  " + s.commandLine());
        }
        out.flush();
    }

    /** Refuses to start over running servers of the same name; cleans up the remains of dead ones. */
    private static void clearPrevious(ServerStateStore store, String name, ServerListener listener) {
        ServerState previous = store.read(name).orElse(null);
        if (previous == null) {
            return;
        }
        boolean running;
        try (HealthProbe probe = new HealthProbe()) {
            running = RecordedServers.status(previous, probe).stream()
                    .anyMatch(s -> s.liveness() != RecordedServers.Liveness.DEAD);
        }
        if (running) {
            throw HarnessException.execution("servers '" + name + "' are already running (recorded in "
                    + store.fileOf(name) + "); stop them first with 'harness server stop --name " + name + "'");
        }
        listener.event("cleaning up the remains of an earlier '" + name + "' record");
        RecordedServers.stop(previous, listener);
        store.delete(name);
    }

    private static int detach(
            ManagedServers servers,
            ServerStateStore store,
            String name,
            Path configFile,
            PrintWriter out,
            ServerListener listener) {
        ServerState st = servers.state(name, configFile == null ? null : configFile.toString());
        try {
            store.write(st);
        } catch (HarnessException e) {
            servers.stop();
            throw e;
        }
        servers.detach();
        out.println("recorded in " + store.fileOf(name) + "; stop with: harness server stop --name " + name
                + (store.dir().equals(ServerStateStore.DEFAULT_DIR) ? "" : " --state-dir " + store.dir()));
        out.flush();
        return ExitCodes.OK;
    }

    /** Waits for a failure; its line is already on stderr (the servers report it to the listener), once. */
    private static int watch(ManagedServers servers) {
        try {
            servers.failure().get();
            servers.stop();
            return ExitCodes.EXECUTION_FAILURE;
        } catch (CancellationException e) {
            return ExitCodes.INTERRUPTED; // stopped by the shutdown hook (Ctrl-C, SIGTERM)
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            servers.stop();
            return ExitCodes.INTERRUPTED;
        } catch (ExecutionException e) {
            servers.stop();
            throw HarnessException.execution("watching the servers failed: " + e.getCause(), e.getCause());
        }
    }
}
