package io.llmharness.loadgen;

import java.util.Locale;

/**
 * The four LoadGen scenarios. There is no "Interactive" scenario: an interactive run is a {@link #SERVER} run
 * configured with the {@code <model>-interactive} config key (for example {@code llama3_1-8b-interactive}).
 */
public enum Scenario {
    /** One query of one sample at a time; the next is issued when the previous one completes. */
    SINGLE_STREAM("SingleStream"),
    /** One query of {@code multi_stream_samples_per_query} samples at a time. */
    MULTI_STREAM("MultiStream"),
    /** Single-sample queries on a Poisson schedule at {@code server_target_qps}. */
    SERVER("Server"),
    /** One query holding every sample of the run. */
    OFFLINE("Offline");

    private final String specName;

    Scenario(String specName) {
        this.specName = specName;
    }

    /** The name LoadGen logs and config files use, e.g. {@code SingleStream}. */
    public String specName() {
        return specName;
    }

    /**
     * Parses a scenario name: the spec spelling ({@code Server}), case-insensitive, with or without spaces
     * ({@code Single Stream}) or the Java constant name.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static Scenario fromName(String name) {
        String wanted = name.replace(" ", "").replace("_", "").toLowerCase(Locale.ROOT);
        for (Scenario s : values()) {
            if (s.specName.toLowerCase(Locale.ROOT).equals(wanted)) {
                return s;
            }
        }
        throw new IllegalArgumentException(
                "unknown scenario '" + name + "'; expected one of SingleStream, MultiStream, Server, Offline");
    }
}
