package io.llmharness.report.history;

import io.llmharness.error.HarnessException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where the run history lives. In order: the {@code --history} flag, the {@code harness.history} system property,
 * the {@code HARNESS_HISTORY} environment variable, else {@code ~/.llm-harness/history.duckdb}. The value
 * {@code off} (or {@code none}) turns the history off.
 */
public final class HistoryLocation {

    /** System property that overrides the default location. */
    public static final String PROPERTY = "harness.history";
    /** Environment variable that overrides the default location. */
    public static final String ENV = "HARNESS_HISTORY";

    private HistoryLocation() {}

    /** The history file, or empty when the history is off. */
    public static Optional<Path> resolve(String flag) {
        return resolve(flag, System.getProperty(PROPERTY), System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** {@link #resolve(String)} with its inputs spelled out (for tests). */
    static Optional<Path> resolve(String flag, String property, Map<String, String> env, Path home) {
        String v = flag != null ? flag : property != null ? property : env.get(ENV);
        if (v == null || v.isBlank()) {
            return Optional.of(home.resolve(".llm-harness").resolve("history.duckdb"));
        }
        String l = v.strip().toLowerCase(Locale.ROOT);
        if (l.equals("off") || l.equals("none")) {
            return Optional.empty();
        }
        Path p = Path.of(v.strip());
        if (p.getFileName() == null) {
            throw HarnessException.usage("--history '" + v + "': give a file, e.g. runs/history.duckdb, or 'off'");
        }
        return Optional.of(p);
    }
}
