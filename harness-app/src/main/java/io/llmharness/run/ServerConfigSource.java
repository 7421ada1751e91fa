package io.llmharness.run;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.backend.config.ServerOverrides;

/**
 * Loads and validates the server config of a run ({@code --server-config} and the {@code --server-*} options),
 * given the values the run supplies when nothing else does (the run directory for {@code server.log}, the
 * run's {@code --model}, {@code --debug-mode}). The command line provides it, so this package never sees the
 * option classes.
 */
@FunctionalInterface
public interface ServerConfigSource {

    /**
     * @throws io.llmharness.error.HarnessException (exit 3) naming the file, key or option at fault
     */
    ServerConfig load(ServerOverrides fallbacks);
}
