package io.llmharness.backend.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Setting values from one source other than YAML (command line, or a caller's fallbacks), as text. Mutable
 * while it is being filled; {@link ServerConfigLoader} copies what it reads.
 */
public final class ServerOverrides {

    private final Map<ServerSetting, String> values = new LinkedHashMap<>();
    private final List<String> serverArgs = new ArrayList<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private final List<String> profileArgs = new ArrayList<>();

    /** Sets a value (null is ignored, so optional CLI fields can be passed straight through). */
    public ServerOverrides set(ServerSetting setting, Object value) {
        if (value != null) {
            values.put(setting, value.toString());
        }
        return this;
    }

    /** Appends server arguments (after those of the YAML file). */
    public ServerOverrides addServerArgs(List<String> args) {
        serverArgs.addAll(args);
        return this;
    }

    /** Sets variables of the server's environment. */
    public ServerOverrides putEnv(Map<String, String> vars) {
        env.putAll(vars);
        return this;
    }

    /** Appends profiler wrapper options. */
    public ServerOverrides addProfileArgs(List<String> args) {
        profileArgs.addAll(args);
        return this;
    }

    Map<ServerSetting, String> values() {
        return values;
    }

    List<String> serverArgs() {
        return serverArgs;
    }

    Map<String, String> env() {
        return env;
    }

    List<String> profileArgs() {
        return profileArgs;
    }

    /** Whether nothing was set. */
    public boolean isEmpty() {
        return values.isEmpty() && serverArgs.isEmpty() && env.isEmpty() && profileArgs.isEmpty();
    }
}
