package io.llmharness.workload;

import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Finds a workload profile the way llm-d's {@code -w} does: a path to a file, or a name under the shipped
 * {@code profiles/<harness>/} folder, with or without {@code .yaml} / {@code .yaml.in}.
 *
 * <p>The shipped folder is looked up in the repository root ({@code -Dharness.home}, which {@code ./harness}
 * passes), then on the class path (the jar, or the build's resources in tests).
 */
public final class ProfileLocator {

    /** Folder of the shipped profiles, relative to the repository root and to the class path. */
    public static final String PROFILES_DIR = "profiles";

    private final Path home;

    /**
     * @param home the repository root that holds {@code profiles/}, or null to use the class path only
     */
    public ProfileLocator(Path home) {
        this.home = home;
    }

    /** A locator for the repository root named by the {@code harness.home} system property, if any. */
    public static ProfileLocator fromSystemProperty() {
        String h = System.getProperty("harness.home");
        return new ProfileLocator(h == null || h.isBlank() ? null : Path.of(h));
    }

    /**
     * Finds and reads a profile.
     *
     * @param harness whose folder to look in
     * @param workload a name ({@code sanity_random}, {@code sanity_random.yaml}) or a path
     * @param where the flag or variable the name came from, for error messages
     * @throws HarnessException (config) naming the profile when it does not exist or cannot be read
     */
    public ProfileSource locate(HarnessKind harness, String workload, String where) {
        String w = workload.strip();
        if (w.isEmpty()) {
            throw HarnessException.badValue(where, where + ": empty workload name");
        }
        Path asPath = Path.of(w);
        if (Files.isRegularFile(asPath)) {
            return new ProfileSource(harness, asPath.getFileName().toString(), w, read(asPath, w));
        }
        if (w.contains("/") || w.contains(java.io.File.separator)) {
            throw HarnessException.config(where + " " + w + ": no such profile file");
        }
        for (String name : candidates(w)) {
            String rel = PROFILES_DIR + "/" + harness.dirName() + "/" + name;
            if (home != null) {
                Path file = home.resolve(rel);
                if (Files.isRegularFile(file)) {
                    return new ProfileSource(harness, name, rel, read(file, rel));
                }
            }
            String text = classpath(rel);
            if (text != null) {
                return new ProfileSource(harness, name, rel, text);
            }
        }
        List<String> known = available(harness);
        throw HarnessException.badValue(
                where,
                where + " '" + w + "': no profile of that name in " + PROFILES_DIR + "/" + harness.dirName()
                        + "/ and no such file" + DidYouMean.hint(w, known)
                        + (known.isEmpty() ? "" : " (shipped: " + String.join(", ", known) + ")"));
    }

    /** File names tried for a bare workload name, in order. */
    static List<String> candidates(String w) {
        List<String> out = new ArrayList<>();
        if (w.endsWith(".yaml.in") || w.endsWith(".yml.in")) {
            out.add(w);
        } else if (w.endsWith(".yaml") || w.endsWith(".yml")) {
            out.add(w + ".in");
            out.add(w);
        } else {
            out.add(w + ".yaml.in");
            out.add(w + ".yaml");
            out.add(w);
        }
        return out;
    }

    /** The names of the shipped profiles of a harness (without extensions), sorted. */
    public List<String> available(HarnessKind harness) {
        TreeSet<String> names = new TreeSet<>();
        String rel = PROFILES_DIR + "/" + harness.dirName();
        if (home != null && Files.isDirectory(home.resolve(rel))) {
            names.addAll(list(home.resolve(rel)));
        }
        URL url = ProfileLocator.class.getClassLoader().getResource(rel);
        if (url != null) {
            names.addAll(listResource(url));
        }
        return List.copyOf(names);
    }

    private static List<String> listResource(URL url) {
        try {
            URI uri = url.toURI();
            if ("file".equals(uri.getScheme())) {
                return list(Path.of(uri));
            }
            if ("jar".equals(uri.getScheme())) {
                try {
                    return list(FileSystems.getFileSystem(uri).provider().getPath(uri));
                } catch (FileSystemNotFoundException e) {
                    try (FileSystem fs = FileSystems.newFileSystem(uri, Map.of())) {
                        return list(fs.provider().getPath(uri));
                    }
                }
            }
        } catch (URISyntaxException | IOException | RuntimeException e) {
            // listing is only for the error message; the lookup itself already failed
        }
        return List.of();
    }

    private static List<String> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".yaml.in") || n.endsWith(".yaml") || n.endsWith(".yml"))
                    .map(ProfileLocator::stripExtension)
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String stripExtension(String n) {
        for (String ext : List.of(".yaml.in", ".yml.in", ".yaml", ".yml")) {
            if (n.endsWith(ext)) {
                return n.substring(0, n.length() - ext.length());
            }
        }
        return n;
    }

    private static String read(Path file, String display) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw HarnessException.config(display + ": cannot read the profile (" + e.getMessage() + ")", e);
        }
    }

    private static String classpath(String rel) {
        try (InputStream in = ProfileLocator.class.getClassLoader().getResourceAsStream(rel)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw HarnessException.config(rel + ": cannot read the shipped profile (" + e.getMessage() + ")", e);
        }
    }
}
