package io.llmharness.backend.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Profiling options, YAML section {@code profile:}.
 *
 * @param tool the profiler; {@link ProfilerTool#NONE} when profiling is off ({@code profile.tool},
 *     {@code profile.enabled})
 * @param outputDir folder for traces and reports ({@code profile.output_dir}, default {@code ./profiles});
 *     created before launch
 * @param args extra options for the wrapper program, appended after the harness's own ({@code profile.args})
 * @param executable the wrapper program ({@code profile.executable}, default {@code nsys} or {@code rocprofv3});
 *     null for the PyTorch profiler
 * @param capture what an Nsight capture covers ({@code profile.capture}, default {@code endpoints})
 * @param stopTimeout time allowed for {@code POST /stop_profile}, which flushes traces synchronously
 *     ({@code profile.stop_timeout}, seconds, default 1800)
 * @param startRequest JSON body for SGLang's {@code /start_profile} ({@code profile.start_request}); null for
 *     the harness's default body
 */
public record ProfileSettings(
        ProfilerTool tool,
        Path outputDir,
        List<String> args,
        String executable,
        CaptureMode capture,
        Duration stopTimeout,
        ObjectNode startRequest) {

    /** Default {@code profile.stop_timeout}: 30 minutes (the spec asks for at least 15). */
    public static final Duration DEFAULT_STOP_TIMEOUT = Duration.ofMinutes(30);

    /** Profiling switched off. */
    public static final ProfileSettings OFF = new ProfileSettings(
            ProfilerTool.NONE, Path.of("profiles"), List.of(), null, CaptureMode.ENDPOINTS, DEFAULT_STOP_TIMEOUT, null);

    public ProfileSettings {
        args = List.copyOf(args);
    }

    /** Whether any profiler is configured. */
    public boolean enabled() {
        return tool != ProfilerTool.NONE;
    }

    /**
     * Whether the run should call {@code /start_profile} and {@code /stop_profile} around its measured phase:
     * always for the PyTorch profiler, for Nsight only in {@link CaptureMode#ENDPOINTS} mode.
     */
    public boolean usesEndpoints() {
        return tool == ProfilerTool.PYTORCH || (tool == ProfilerTool.NSYS && capture == CaptureMode.ENDPOINTS);
    }
}
