package io.llmharness.loadgen.log;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The {@code loadgen_*} version lines of the detail log. This LoadGen is a Java port of the C++ LoadGen 6.0.17,
 * following the upstream commit {@link #UPSTREAM_COMMIT}; the version and git keys name that release and commit
 * (as a C++ build from that checkout would, with the commit date and message of upstream), the log message says
 * that the code is the port, and {@code loadgen_file_sha1} lists the SHA-1 of this port's own Java sources (bundled
 * into the jar at build time), keyed by their path in this repository. {@code loadgen_git_status_message} is "NA":
 * the port is not built from a git checkout of the upstream sources. See docs/loadgen.md.
 */
public final class VersionInfo {

    /** The C++ LoadGen version whose behaviour is implemented. */
    public static final String LOADGEN_VERSION = "6.0.17";

    /** The commit of github.com/mlcommons/inference whose {@code loadgen/} this port follows ("Increment version to 6.0.17"). */
    public static final String UPSTREAM_COMMIT = "d6147c7eb760c75ac2f7f2dd379719afb090d87c";

    /** The upstream commit's committer date, as {@code git log --format=%cI} prints it. */
    public static final String UPSTREAM_COMMIT_DATE = "2026-07-24T17:36:50+00:00";

    /** Where the build puts a copy of the port's Java sources, for {@code loadgen_file_sha1}. */
    private static final String SOURCES = "io/llmharness/loadgen-sources/";

    /** The sources' path in this repository, prefixed to the bundled files' names. */
    private static final String SOURCE_ROOT = "/loadgen/src/main/java/";

    private static volatile Map<String, String> sha1s;

    private VersionInfo() {}

    /** Logs the version keys in C++ order. */
    public static void log(DetailLog d, ZoneId zone) {
        LocalDateTime builtUtc = buildTimeUtc();
        d.string("loadgen_version", LOADGEN_VERSION + " @ " + UPSTREAM_COMMIT.substring(0, 10));
        d.string(
                "loadgen_build_date_local",
                isoMicros(
                        builtUtc == null
                                ? null
                                : builtUtc.atOffset(ZoneOffset.UTC)
                                        .atZoneSameInstant(zone)
                                        .toLocalDateTime()));
        d.string("loadgen_build_date_utc", isoMicros(builtUtc));
        d.string("loadgen_git_commit_date", UPSTREAM_COMMIT_DATE);
        d.string("loadgen_git_log_message", gitLogMessage());
        d.string("loadgen_git_status_message", "NA");
        d.map("loadgen_file_sha1", fileSha1s());
    }

    /**
     * The upstream commit as {@code git log --pretty=oneline} prints it, and what this LoadGen is: the C++ build
     * logs the last 16 commits of its checkout here; the port logs the one it follows.
     */
    public static String gitLogMessage() {
        return UPSTREAM_COMMIT + " Increment version to " + LOADGEN_VERSION + "\n(llm-harness: Java port of MLPerf"
                + " LoadGen following this upstream commit; loadgen_file_sha1 lists the port's Java sources)";
    }

    private static String isoMicros(LocalDateTime t) {
        return t == null ? "NA" : t.format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS"));
    }

    private static LocalDateTime buildTimeUtc() {
        try (InputStream in = VersionInfo.class.getResourceAsStream("loadgen-build.properties")) {
            if (in == null) {
                return null;
            }
            Properties p = new Properties();
            p.load(in);
            String v = p.getProperty("build.utc", "");
            return v.startsWith("$") || v.isBlank() ? null : LocalDateTime.parse(v);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * "/loadgen/src/main/java/io/llmharness/loadgen/…/X.java" to the SHA-1 (hex) of that source file, sorted by
     * name; computed once. Read from the copy of the sources the build bundles; "/unavailable" when there is none.
     */
    public static Map<String, String> fileSha1s() {
        Map<String, String> m = sha1s;
        if (m == null) {
            m = Collections.unmodifiableMap(computeSha1s());
            sha1s = m;
        }
        return m;
    }

    private static Map<String, String> computeSha1s() {
        Map<String, String> out = new TreeMap<>();
        try {
            Path location = Path.of(VersionInfo.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            if (Files.isDirectory(location)) {
                Path root = location.resolve(SOURCES);
                if (Files.isDirectory(root)) {
                    try (Stream<Path> files = Files.walk(root)) {
                        for (Path f :
                                files.filter(Files::isRegularFile).sorted().toList()) {
                            out.put(
                                    SOURCE_ROOT + root.relativize(f).toString().replace('\\', '/'),
                                    sha1(Files.readAllBytes(f)));
                        }
                    }
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    for (JarEntry e : Collections.list(jar.entries())) {
                        if (!e.isDirectory() && e.getName().startsWith(SOURCES)) {
                            try (InputStream in = jar.getInputStream(e)) {
                                out.put(SOURCE_ROOT + e.getName().substring(SOURCES.length()), sha1(in.readAllBytes()));
                            }
                        }
                    }
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            out.clear();
        }
        if (out.isEmpty()) {
            out.put("/unavailable", "NA");
        }
        return out;
    }

    private static String sha1(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
