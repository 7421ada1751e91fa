package io.llmharness.accuracy.punkt;

import io.llmharness.error.HarnessException;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds and reads nltk's English Punkt parameters in the {@code punkt_tab} layout ({@code abbrev_types.txt},
 * {@code collocations.tab}, {@code sent_starters.txt}, {@code ortho_context.tab}). The data is not shipped with the
 * harness; it is looked up where nltk keeps it: {@code $NLTK_DATA}, {@code ~/nltk_data} and the system
 * {@code nltk_data} folders, each as {@code tokenizers/punkt_tab/english}.
 */
public final class PunktData {

    static final String[] FILES = {"abbrev_types.txt", "collocations.tab", "sent_starters.txt", "ortho_context.tab"};

    private static final String SUBDIR = "tokenizers/punkt_tab/english";

    private PunktData() {}

    /** Where nltk would look, in its order. */
    public static List<Path> searchPath(Map<String, String> env) {
        List<Path> roots = new ArrayList<>();
        String nltkData = env.get("NLTK_DATA");
        if (nltkData != null && !nltkData.isBlank()) {
            for (String p : nltkData.split(File.pathSeparator)) {
                if (!p.isBlank()) {
                    roots.add(Path.of(p));
                }
            }
        }
        String home = env.getOrDefault("HOME", System.getProperty("user.home"));
        if (home != null) {
            roots.add(Path.of(home, "nltk_data"));
        }
        for (String p : new String[] {
            "/usr/share/nltk_data", "/usr/local/share/nltk_data", "/usr/lib/nltk_data", "/usr/local/lib/nltk_data"
        }) {
            roots.add(Path.of(p));
        }
        return roots;
    }

    /** The English punkt_tab folder under the first root that has one. */
    public static Optional<Path> find(Map<String, String> env) {
        for (Path root : searchPath(env)) {
            Path dir = root.resolve(SUBDIR);
            if (Files.isRegularFile(dir.resolve(FILES[0]))) {
                return Optional.of(dir);
            }
        }
        return Optional.empty();
    }

    /**
     * Resolves a user-given folder: the {@code english} folder itself, a {@code punkt_tab} folder, or an
     * {@code nltk_data} root.
     *
     * @throws HarnessException config error naming {@code flag} when none of these holds the files
     */
    public static Path resolve(Path given, String flag) {
        for (Path p : new Path[] {given, given.resolve("english"), given.resolve(SUBDIR)}) {
            if (Files.isRegularFile(p.resolve(FILES[0]))) {
                return p;
            }
        }
        throw HarnessException.config(flag + " " + given + ": no Punkt data there (expected " + SUBDIR + "/" + FILES[0]
                + " or the english folder itself; get it with: python3 -m nltk.downloader punkt_tab)");
    }

    /** Reads the four files of an English punkt_tab folder. */
    public static PunktParameters read(Path dir) {
        Set<String> abbrev = new HashSet<>();
        for (String line : lines(dir, FILES[0])) {
            abbrev.add(line.strip());
        }
        Set<String> colloc = new HashSet<>();
        for (String line : lines(dir, FILES[1])) {
            String[] parts = line.strip().split("\t");
            if (parts.length == 2) {
                colloc.add(parts[0] + "\t" + parts[1]);
            }
        }
        Set<String> starters = new HashSet<>();
        for (String line : lines(dir, FILES[2])) {
            starters.add(line.strip());
        }
        Map<String, Integer> ortho = new HashMap<>();
        List<String> orthoLines = lines(dir, FILES[3]);
        for (int i = 0; i < orthoLines.size(); i++) {
            String line = orthoLines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("\t");
            try {
                ortho.put(parts[0], Integer.parseInt(parts[1].strip()));
            } catch (RuntimeException e) {
                throw HarnessException.config(
                        dir.resolve(FILES[3]) + " line " + (i + 1) + ": expected 'type<TAB>flags', got '" + line + "'");
            }
        }
        return new PunktParameters(abbrev, colloc, starters, ortho);
    }

    private static List<String> lines(Path dir, String name) {
        Path file = dir.resolve(name);
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw HarnessException.config(file + ": cannot read the Punkt data (" + e.getMessage() + ")");
        }
    }
}
