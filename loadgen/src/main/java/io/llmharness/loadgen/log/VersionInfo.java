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
 * The {@code loadgen_*} version lines of the detail log. This LoadGen implements the 6.0.17 behaviour; it is
 * not built from a git checkout of the C++ sources, so the git fields read "NA" (as in a C++ build outside
 * git) and {@code loadgen_file_sha1} lists the SHA-1 of this implementation's class files.
 */
public final class VersionInfo {

    /** The C++ LoadGen version whose behaviour is implemented. */
    public static final String LOADGEN_VERSION = "6.0.17";

    private static final String PACKAGE_PATH = "io/llmharness/loadgen/";
    private static volatile Map<String, String> sha1s;

    private VersionInfo() {}

    /** Logs the version keys in C++ order. */
    public static void log(DetailLog d, ZoneId zone) {
        LocalDateTime builtUtc = buildTimeUtc();
        d.string("loadgen_version", LOADGEN_VERSION + " @ NA");
        d.string(
                "loadgen_build_date_local",
                isoMicros(
                        builtUtc == null
                                ? null
                                : builtUtc.atOffset(ZoneOffset.UTC)
                                        .atZoneSameInstant(zone)
                                        .toLocalDateTime()));
        d.string("loadgen_build_date_utc", isoMicros(builtUtc));
        d.string("loadgen_git_commit_date", "NA");
        d.string("loadgen_git_log_message", "NA");
        d.string("loadgen_git_status_message", "NA");
        d.map("loadgen_file_sha1", fileSha1s());
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

    /** "/path/Class.class" to SHA-1 (hex) for the loadgen classes, sorted by name; computed once. */
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
                Path root = location.resolve(PACKAGE_PATH);
                try (Stream<Path> files = Files.walk(root)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        out.put(
                                "/" + location.relativize(f).toString().replace('\\', '/'),
                                sha1(Files.readAllBytes(f)));
                    }
                }
            } else {
                try (JarFile jar = new JarFile(location.toFile())) {
                    for (JarEntry e : Collections.list(jar.entries())) {
                        if (!e.isDirectory() && e.getName().startsWith(PACKAGE_PATH)) {
                            try (InputStream in = jar.getInputStream(e)) {
                                out.put("/" + e.getName(), sha1(in.readAllBytes()));
                            }
                        }
                    }
                }
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            out.put("/unavailable", "NA");
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
