package io.llmharness.backend.config;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The backend release a config targets ({@code backend_version}), used only where flag spellings changed
 * between releases (vLLM's torch profiler: environment variable up to 0.12, {@code --profiler-config} from 0.13).
 * {@link #LATEST} stands for "the current release" and is the default, because the launcher cannot ask the
 * program for its version without starting it.
 *
 * @param major major component, or -1 for {@link #LATEST}
 * @param minor minor component
 * @param patch patch component (0 when not given)
 */
public record BackendVersion(int major, int minor, int patch) {

    /** Newer than any numbered release. */
    public static final BackendVersion LATEST = new BackendVersion(-1, 0, 0);

    private static final Pattern LEADING = Pattern.compile("v?(\\d+)\\.(\\d+)(?:\\.(\\d+))?.*");

    /** Parses {@code 0.13}, {@code 0.11.2}, {@code v0.15.0rc2.dev93+g8e2a469b3} or {@code latest}. */
    public static Optional<BackendVersion> parse(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("latest") || t.equalsIgnoreCase("current")) {
            return Optional.of(LATEST);
        }
        Matcher m = LEADING.matcher(t);
        if (!m.matches()) {
            return Optional.empty();
        }
        int patch = m.group(3) == null ? 0 : Integer.parseInt(m.group(3));
        return Optional.of(new BackendVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), patch));
    }

    /** Whether this version is {@code major.minor} or newer ({@link #LATEST} always is). */
    public boolean atLeast(int wantMajor, int wantMinor) {
        if (this.equals(LATEST)) {
            return true;
        }
        return major != wantMajor ? major > wantMajor : minor >= wantMinor;
    }

    @Override
    public String toString() {
        return equals(LATEST) ? "latest" : major + "." + minor + "." + patch;
    }
}
