package io.llmharness.cli.sim;

import io.llmharness.simulator.Profiling;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@link Profiling}: the profiler endpoints. */
final class ProfilingFlags {
    @Option(names = "--enable-profiling", description = "Register /start_profile and /stop_profile.")
    boolean profiling = Profiling.DEFAULTS.enableProfiling();

    @Option(names = "--profile-dir", description = "Where /stop_profile writes a placeholder trace.")
    Path profileDir = Profiling.DEFAULTS.profileDir();

    @Option(
            names = "--stop-profile-delay-ms",
            description = "How long /stop_profile takes, ms (default: ${DEFAULT-VALUE}).")
    long stopProfileDelayMs = Profiling.DEFAULTS.stopProfileDelayMs();

    /** The profiling settings; a profile directory, or vLLM's {@code VLLM_TORCH_PROFILER_DIR}, turns them on. */
    Profiling toProfiling() {
        boolean on = profiling || profileDir != null || System.getenv("VLLM_TORCH_PROFILER_DIR") != null;
        return new Profiling(on, profileDir, stopProfileDelayMs);
    }
}
