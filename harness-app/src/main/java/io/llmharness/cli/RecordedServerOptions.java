package io.llmharness.cli;

import io.llmharness.backend.ServerState;
import io.llmharness.backend.ServerStateStore;
import io.llmharness.backend.config.ServerSetting;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Options of the commands that act on servers recorded by {@code harness server start}: which record, where. */
public final class RecordedServerOptions {

    @Mixin
    ServerStateOptions state;

    @Option(
            names = "--server-config",
            paramLabel = "FILE",
            description = "The config the servers were started with (names the record; not read).")
    Path configFile;

    /** The record a command means: its name, the store it lives in, and the record if there is one. */
    record Lookup(String name, ServerStateStore store, Optional<ServerState> recorded) {

        /**
         * The record, or empty after printing {@code absentFormat} with the record's name and the store's folder
         * (two {@code %s}), for the commands to say in their own words that nothing is recorded.
         */
        Optional<ServerState> orSay(PrintWriter out, String absentFormat) {
            if (recorded.isEmpty()) {
                out.println(absentFormat.formatted(name, store.dir()));
                out.flush();
            }
            return recorded;
        }
    }

    /** Resolves the record from {@code --name}, {@code --server-config} or {@code HARNESS_SERVER_CONFIG}. */
    Lookup lookup(Map<String, String> env) {
        String fromEnv = env.get(ServerSetting.ENV_CONFIG);
        Path cfg = configFile != null ? configFile : fromEnv == null ? null : Path.of(fromEnv);
        String name = state.name(cfg, null);
        ServerStateStore store = state.store(env);
        return new Lookup(name, store, store.read(name));
    }
}
