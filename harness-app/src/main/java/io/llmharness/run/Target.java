package io.llmharness.run;

import io.llmharness.backend.config.ServerConfig;
import io.llmharness.simulator.SimulatorOptions;
import java.util.List;

/** Where the requests of a run go, resolved and validated. */
public sealed interface Target {

    /** A short description for messages and the resolved config. */
    String describe();

    /**
     * Servers someone else runs.
     *
     * @param urls base URLs, load-balanced in this order
     * @param defaulted no URL was given and the seed's default {@code http://localhost:8000} is used
     */
    record External(List<String> urls, boolean defaulted) implements Target {
        public External {
            urls = List.copyOf(urls);
        }

        @Override
        public String describe() {
            return String.join(", ", urls);
        }
    }

    /**
     * The embedded simulator, started in this JVM on an ephemeral loopback port.
     *
     * @param options its options (port 0)
     */
    record Simulated(SimulatorOptions options) implements Target {
        @Override
        public String describe() {
            return "embedded " + options.identity().persona().name().toLowerCase(java.util.Locale.ROOT) + " simulator";
        }
    }

    /**
     * Servers the run starts and stops through the server manager.
     *
     * @param config the validated server config
     */
    record Managed(ServerConfig config) implements Target {
        @Override
        public String describe() {
            return config.backend().configName() + " from " + config.source();
        }
    }
}
