package io.llmharness.backend.config;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the program a config names. A name with a slash is a path: absolute, or relative to (1) the config
 * file's folder, (2) the repository root (the {@code harness.home} system property that {@code ./harness}
 * sets, else the current folder), (3) the current folder. A bare name is looked up on {@code PATH} (the
 * server's {@code PATH} when the config's {@code env} sets one).
 */
public final class ExecutableResolver {

    private ExecutableResolver() {}

    /** The repository root: {@code -Dharness.home}, else the current folder. */
    public static Path repoRoot() {
        String home = System.getProperty("harness.home");
        return Path.of(home == null || home.isBlank() ? "" : home).toAbsolutePath();
    }

    /** The places a name is looked for, in order (for error messages and documentation). */
    public static List<Path> candidates(String name, Path configDir, Path repoRoot, String pathEnv) {
        List<Path> out = new ArrayList<>();
        if (name.contains("/")) {
            Path p = Path.of(name);
            if (p.isAbsolute()) {
                out.add(p);
            } else {
                if (configDir != null) {
                    out.add(configDir.resolve(p));
                }
                if (repoRoot != null) {
                    out.add(repoRoot.resolve(p));
                }
                out.add(p.toAbsolutePath());
            }
        } else if (pathEnv != null) {
            for (String dir : pathEnv.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    out.add(Path.of(dir, name));
                }
            }
        }
        return out;
    }

    /** The first candidate that is an executable regular file, as an absolute normalised path. */
    public static Optional<Path> resolve(String name, Path configDir, Path repoRoot, String pathEnv) {
        for (Path c : candidates(name, configDir, repoRoot, pathEnv)) {
            if (Files.isRegularFile(c) && Files.isExecutable(c)) {
                return Optional.of(c.toAbsolutePath().normalize());
            }
        }
        return Optional.empty();
    }
}
