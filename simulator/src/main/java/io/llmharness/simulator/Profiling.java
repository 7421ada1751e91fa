package io.llmharness.simulator;

import java.nio.file.Path;

/**
 * The profiler endpoints of the real servers.
 *
 * @param enableProfiling register {@code /start_profile} and {@code /stop_profile}, 404 otherwise
 *     ({@code --enable-profiling}); default false
 * @param profileDir where {@code /stop_profile} writes a small placeholder trace file ({@code --profile-dir}); null =
 *     no file
 * @param stopProfileDelayMs how long {@code /stop_profile} takes to answer, in milliseconds; real servers take
 *     minutes ({@code --stop-profile-delay-ms}); default 0
 */
public record Profiling(boolean enableProfiling, Path profileDir, long stopProfileDelayMs)
        implements SimulatorOptions.Group {
    /** The defaults: no profiling endpoints. */
    public static final Profiling DEFAULTS = new Profiling(false, null, 0);

    /**
     * Checks the values.
     *
     * @throws IllegalArgumentException naming the option and its {@code harness sim} flag
     */
    public Profiling {
        Check.nonNegative("stopProfileDelayMs (--stop-profile-delay-ms)", stopProfileDelayMs);
    }

    /** Profiling endpoints on or off. */
    public Profiling withEnableProfiling(boolean value) {
        return new Profiling(value, profileDir, stopProfileDelayMs);
    }

    /** Write placeholder traces here (null = no file). */
    public Profiling withProfileDir(Path value) {
        return new Profiling(enableProfiling, value, stopProfileDelayMs);
    }

    /** {@code /stop_profile} takes this long, milliseconds. */
    public Profiling withStopProfileDelayMs(long value) {
        return new Profiling(enableProfiling, profileDir, value);
    }
}
