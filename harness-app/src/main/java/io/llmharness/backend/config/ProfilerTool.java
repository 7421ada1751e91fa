package io.llmharness.backend.config;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Which profiler wraps or instruments the server. YAML key {@code profile.tool}. */
public enum ProfilerTool {
    /** No profiling. */
    NONE(List.of("none"), null),
    /** NVIDIA Nsight Systems: {@code nsys profile … <server command>}. */
    NSYS(List.of("nsys", "nsight"), "nsys"),
    /** The PyTorch profiler inside the server, driven by {@code /start_profile} and {@code /stop_profile}. */
    PYTORCH(List.of("pytorch", "torch"), null),
    /** AMD ROCm: {@code rocprofv3 … -- <server command>}. */
    AMD(List.of("amd", "rocprof", "rocprofv3"), "rocprofv3");

    private final List<String> names;
    private final String defaultExecutable;

    ProfilerTool(List<String> names, String defaultExecutable) {
        this.names = names;
        this.defaultExecutable = defaultExecutable;
    }

    /** The canonical config name ({@code nsys}, {@code pytorch}, {@code amd}, {@code none}). */
    public String configName() {
        return names.get(0);
    }

    /** Every accepted spelling, canonical first. */
    public List<String> names() {
        return names;
    }

    /** The wrapper program, or null when the tool does not wrap the server command. */
    public String defaultExecutable() {
        return defaultExecutable;
    }

    /** Whether the server command is prefixed with a profiler program. */
    public boolean wrapsCommand() {
        return defaultExecutable != null;
    }

    /** Looks a name up, case-insensitively. */
    public static Optional<ProfilerTool> fromConfigName(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (ProfilerTool t : values()) {
            if (t.names.contains(v)) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
