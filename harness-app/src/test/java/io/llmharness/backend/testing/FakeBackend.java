package io.llmharness.backend.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Builds throwaway server configs that launch {@link FakeBackendMain} through a generated launcher script,
 * so lifecycle tests exercise the real command rendering, {@code setsid}, readiness and cleanup. Every
 * process of a fixture carries {@code FAKE_TEST_ID=<id>} in its environment for {@link ProcessScanner}.
 */
public final class FakeBackend {

    private final Path dir;
    private final String testId = UUID.randomUUID().toString();
    private final Map<String, Object> keys = new LinkedHashMap<>();
    private final Map<String, String> env = new LinkedHashMap<>();
    private Path launcher;

    public FakeBackend(Path dir) {
        this.dir = dir;
        keys.put("backend", "vllm");
        keys.put("model", "fake-model");
        keys.put("port", freePort(1));
        keys.put("startup_timeout", 30);
        keys.put("startup_poll_interval", 0.2);
        keys.put("shutdown_grace", 3);
        keys.put("heartbeat_interval", 0.3);
        keys.put("heartbeat_timeout", 1);
        keys.put("heartbeat_failure_threshold", 2);
        keys.put("output_dir", dir.resolve("logs").toString());
        env.put("FAKE_TEST_ID", testId);
    }

    /** The id in {@code FAKE_TEST_ID} of every process this fixture starts. */
    public String testId() {
        return testId;
    }

    /** The environment entry {@link ProcessScanner#withEnv} looks for. */
    public String marker() {
        return "FAKE_TEST_ID=" + testId;
    }

    /** Sets a top-level YAML key. */
    public FakeBackend set(String key, Object value) {
        keys.put(key, value);
        return this;
    }

    /** Sets a variable of the fake's environment (FAKE_MODE, FAKE_CHILDREN, …). */
    public FakeBackend env(String name, Object value) {
        env.put(name, value.toString());
        return this;
    }

    public int port() {
        return (Integer) keys.get("port");
    }

    /** Writes the launcher script and the YAML config; returns the config file. */
    public Path writeConfig() {
        if (launcher == null) {
            launcher = writeLauncher(dir);
        }
        StringBuilder y = new StringBuilder();
        keys.putIfAbsent("executable", launcher.toString());
        keys.forEach((k, v) -> y.append(k).append(": ").append(yamlValue(v)).append('\n'));
        y.append("env:\n");
        env.forEach((k, v) ->
                y.append("  ").append(k).append(": ").append(yamlValue(v)).append('\n'));
        Path cfg = dir.resolve("fake-" + testId.substring(0, 8) + ".yaml");
        try {
            Files.writeString(cfg, y);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cfg;
    }

    /** Writes {@code dir/fake-server}: a bash script that runs {@link FakeBackendMain} on this test's JVM. */
    public static Path writeLauncher(Path dir) {
        String java = ProcessHandle.current().info().command().orElse("java");
        String cp = System.getProperty("java.class.path");
        String script = "#!/usr/bin/env bash\n"
                + "exec '" + java + "' -Xmx48m -Xss512k -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '" + cp + "' "
                + FakeBackendMain.class.getName() + " \"$@\"\n";
        Path p = dir.resolve("fake-server");
        try {
            Files.writeString(p, script);
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** A base port such that {@code base .. base+count-1} are free now. */
    public static int freePort(int count) {
        for (int attempt = 0; attempt < 200; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 60_000);
            boolean free = true;
            for (int i = 0; i < count && free; i++) {
                try (ServerSocket s = new ServerSocket(base + i)) {
                    s.setReuseAddress(true);
                } catch (IOException e) {
                    free = false;
                }
            }
            if (free) {
                return base;
            }
        }
        throw new IllegalStateException("no free port range found");
    }

    private static String yamlValue(Object v) {
        if (v instanceof Map<?, ?> m) {
            StringBuilder sb = new StringBuilder("{");
            m.forEach((k, x) -> sb.append(sb.length() > 1 ? ", " : "")
                    .append(k)
                    .append(": ")
                    .append(yamlValue(x)));
            return sb.append('}').toString();
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        return "'" + v.toString().replace("'", "''") + "'";
    }
}
