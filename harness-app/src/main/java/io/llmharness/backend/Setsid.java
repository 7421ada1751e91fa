package io.llmharness.backend;

import io.llmharness.backend.config.ExecutableResolver;
import java.nio.file.Path;

/**
 * Locates the util-linux {@code setsid} program, which starts the server in a new session and process group
 * (pid = pgid = sid), so the whole group can be signalled and Ctrl-C in the harness's terminal does not reach
 * the server directly. Without it (not Linux) servers share the harness's group and are tracked through
 * their descendants and environment marker only.
 */
final class Setsid {

    private static volatile String cached;
    private static volatile boolean looked;

    private Setsid() {}

    /** Absolute path of {@code setsid}, or null when it is not installed. */
    static String path() {
        if (!looked) {
            cached = ExecutableResolver.resolve("setsid", null, null, System.getenv("PATH"))
                    .map(Path::toString)
                    .orElse(null);
            looked = true;
        }
        return cached;
    }
}
