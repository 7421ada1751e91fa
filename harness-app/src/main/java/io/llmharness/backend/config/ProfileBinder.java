package io.llmharness.backend.config;

import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Binds the {@code profile:} section (and its environment variables and options). */
final class ProfileBinder {

    private final Map<ServerSetting, Sourced> values;
    private final YamlSource yaml;
    private final ServerOverrides cli;
    private final Map<String, String> environment;
    private final boolean checkHost;

    ProfileBinder(
            Map<ServerSetting, Sourced> values,
            YamlSource yaml,
            ServerOverrides cli,
            Map<String, String> environment,
            boolean checkHost) {
        this.values = values;
        this.yaml = yaml;
        this.cli = cli;
        this.environment = environment;
        this.checkHost = checkHost;
    }

    ProfileSettings bind(Map<String, String> serverEnv) {
        ConfigBinder helper = new ConfigBinder(yaml, values, environment, cli, checkHost);
        ProfilerTool tool = tool(helper);
        boolean enabled = helper.has(ServerSetting.PROFILE_ENABLED)
                ? ValueReader.bool(values.get(ServerSetting.PROFILE_ENABLED))
                : tool != ProfilerTool.NONE;
        if (enabled && tool == ProfilerTool.NONE) {
            throw HarnessException.config(helper.originOf(ServerSetting.PROFILE_ENABLED)
                    + ": profiling is enabled but no tool is named; add profile.tool: nsys, pytorch or amd");
        }
        if (!enabled) {
            return ProfileSettings.OFF;
        }
        CaptureMode capture = capture();
        List<String> args = args();
        String executable = null;
        if (tool.wrapsCommand()) {
            boolean explicit = helper.has(ServerSetting.PROFILE_EXECUTABLE);
            String name = explicit
                    ? ValueReader.string(values.get(ServerSetting.PROFILE_EXECUTABLE))
                    : tool.defaultExecutable();
            String origin = explicit
                    ? values.get(ServerSetting.PROFILE_EXECUTABLE).origin()
                    : helper.originOf(ServerSetting.PROFILE_TOOL);
            executable = helper.resolveProgram(name, origin, serverEnv, "set profile.executable to its path");
        }
        Path out = Path.of(helper.optional(ServerSetting.PROFILE_OUTPUT_DIR, "profiles"));
        return new ProfileSettings(
                tool,
                out,
                args,
                executable,
                capture,
                helper.duration(ServerSetting.PROFILE_STOP_TIMEOUT, ProfileSettings.DEFAULT_STOP_TIMEOUT),
                yaml.startRequest);
    }

    private ProfilerTool tool(ConfigBinder helper) {
        if (!helper.has(ServerSetting.PROFILE_TOOL)) {
            return ProfilerTool.NONE;
        }
        Sourced s = values.get(ServerSetting.PROFILE_TOOL);
        String name = ValueReader.string(s);
        List<String> names = Arrays.stream(ProfilerTool.values())
                .flatMap(t -> t.names().stream())
                .toList();
        return ProfilerTool.fromConfigName(name)
                .orElseThrow(() -> HarnessException.config(s.origin() + ": unknown profiler '" + name + "'"
                        + DidYouMean.hint(name, names) + " (use nsys, pytorch, amd or none)"));
    }

    private CaptureMode capture() {
        Sourced s = values.get(ServerSetting.PROFILE_CAPTURE);
        if (s == null || (s.isNode() && s.node().isNull())) {
            return CaptureMode.ENDPOINTS;
        }
        String all =
                Arrays.stream(CaptureMode.values()).map(CaptureMode::configName).collect(Collectors.joining(" or "));
        return CaptureMode.fromConfigName(ValueReader.string(s))
                .orElseThrow(() -> HarnessException.config(
                        s.origin() + ": unknown capture mode '" + ValueReader.string(s) + "'; use " + all));
    }

    private List<String> args() {
        List<String> args = new ArrayList<>();
        if (yaml.profileArgs != null && !yaml.profileArgs.isNull()) {
            String where = yaml.file + ": key 'profile.args'";
            if (!yaml.profileArgs.isArray()) {
                throw HarnessException.config(
                        where + ": expected a list of options, got " + ValueReader.describe(yaml.profileArgs));
            }
            // Profiler options are passed through as written; the list renderer checks the element types.
            args.addAll(ArgumentRenderer.render(yaml.profileArgs, Backend.SGLANG, where));
        }
        String extra = environment.get(ServerSetting.ENV_PROFILE_ARGS);
        if (extra != null && !extra.isBlank()) {
            args.addAll(Arrays.asList(extra.trim().split("\\s+")));
        }
        args.addAll(cli.profileArgs());
        return args;
    }
}
