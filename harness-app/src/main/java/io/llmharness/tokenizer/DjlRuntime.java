package io.llmharness.tokenizer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Prepares DJL (the Hugging Face tokenizers binding) before its first class loads: the native library is
 * extracted into the user's cache, never into the working directory; DJL runs offline (it never downloads a
 * native library or a tokenizer from the hub, and it does not phone home). Settings the user made through
 * DJL's own environment variables win.
 */
final class DjlRuntime {

    private static volatile boolean configured;

    private DjlRuntime() {}

    /**
     * Sets DJL's system properties once per JVM: {@code DJL_CACHE_DIR} (unless the variable or property is
     * already set), {@code ai.djl.offline} and {@code OPT_OUT_TRACKING}.
     */
    static synchronized void configure(Map<String, String> env, Path home) {
        if (configured) {
            return;
        }
        if (isBlank(env.get("DJL_CACHE_DIR")) && isBlank(System.getProperty("DJL_CACHE_DIR"))) {
            System.setProperty("DJL_CACHE_DIR", writable(cacheDir(env, home)).toString());
        }
        if (System.getProperty("ai.djl.offline") == null) {
            System.setProperty("ai.djl.offline", "true");
        }
        if (System.getProperty("OPT_OUT_TRACKING") == null) {
            System.setProperty("OPT_OUT_TRACKING", "true");
        }
        configured = true;
    }

    /**
     * Where DJL extracts its native library: {@code $XDG_CACHE_HOME/llm-harness/djl}, else
     * {@code ~/.cache/llm-harness/djl}.
     */
    static Path cacheDir(Map<String, String> env, Path home) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = isBlank(xdg) ? home.resolve(".cache") : Path.of(xdg);
        return base.resolve("llm-harness").resolve("djl");
    }

    /** {@code dir}, created; else a per-user folder under the temporary directory (read-only home). */
    static Path writable(Path dir) {
        try {
            Files.createDirectories(dir);
            if (Files.isWritable(dir)) {
                return dir;
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the temporary directory
        }
        return Path.of(System.getProperty("java.io.tmpdir"), "llm-harness-" + System.getProperty("user.name"), "djl");
    }

    private static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
