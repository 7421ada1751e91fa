package io.llmharness.secret;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

/**
 * File modes of what may hold a secret (run folders, server logs): folders {@code 0700}, files {@code 0600}, so
 * only their owner reads them, whatever the umask. A second line of defence behind {@link Secrets}: a server's own
 * output, which the harness does not write itself, lands in such a file too. On a file system without POSIX
 * permissions nothing changes.
 */
public final class PrivateFiles {

    /** {@code rwx------}. */
    public static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");

    /** {@code rw-------}. */
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {}

    /**
     * Creates a folder (and its missing parents, with the usual modes) and makes the folder itself {@code 0700}.
     *
     * @throws IOException as {@link Files#createDirectories}
     */
    public static Path createFolder(Path dir) throws IOException {
        Files.createDirectories(dir);
        restrict(dir);
        return dir;
    }

    /**
     * Creates an empty file with mode {@code 0600} unless it exists; an existing file keeps its content and becomes
     * {@code 0600}.
     *
     * @throws IOException when it cannot be created
     */
    public static Path createFile(Path file) throws IOException {
        if (!Files.exists(file)) {
            Files.createFile(file);
        }
        restrict(file);
        return file;
    }

    /**
     * Makes a folder and everything in it private: folders {@code 0700}, files {@code 0600}. Best effort: a file
     * that vanished or cannot be changed is left as it is (the folder's own mode still keeps others out).
     */
    public static void seal(Path dir) {
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.forEach(PrivateFiles::quietly);
        } catch (IOException | java.io.UncheckedIOException e) {
            quietly(dir);
        }
    }

    /**
     * Passes a text file the harness did not write itself (a server's log: the server may print its own arguments
     * and environment) through {@link Secrets#redact}, line by line into a {@code 0600} temporary file that then
     * replaces it. Nothing happens when no line holds a secret. Best effort: an unreadable file is left as it is.
     *
     * @return whether the file was rewritten
     */
    public static boolean redactInPlace(Path file) {
        return redactInPlace(file, Secrets::redact);
    }

    /**
     * As {@link #redactInPlace(Path)} with another redaction of each line (one that also knows the values of
     * {@link SecretPrints}).
     *
     * @return whether the file was rewritten
     */
    public static boolean redactInPlace(Path file, java.util.function.UnaryOperator<String> redaction) {
        if (file == null || !Files.isRegularFile(file)) {
            return false;
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".redacting");
        boolean changed = false;
        try {
            createFile(tmp);
            try (java.io.BufferedReader in =
                            Files.newBufferedReader(file, java.nio.charset.StandardCharsets.ISO_8859_1);
                    java.io.BufferedWriter out =
                            Files.newBufferedWriter(tmp, java.nio.charset.StandardCharsets.ISO_8859_1)) {
                String line;
                while ((line = in.readLine()) != null) {
                    String r = redaction.apply(line);
                    changed |= !r.equals(line);
                    out.write(r);
                    out.write('\n');
                }
            }
            if (changed) {
                Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            return changed;
        } catch (IOException e) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // a left-over temporary file holds only redacted text
            }
        }
    }

    /** {@code 0700} for a folder, {@code 0600} for anything else. */
    public static void restrict(Path p) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
        if (view != null) {
            view.setPermissions(Files.isDirectory(p) ? FOLDER : FILE);
        }
    }

    private static void quietly(Path p) {
        try {
            if (!Files.isSymbolicLink(p)) {
                restrict(p);
            }
        } catch (IOException e) {
            // best effort: the folder's mode already keeps others out
        }
    }
}
