package io.llmharness.report;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * What a run says when it cannot write a file: the file, the system's reason and, when the disk is full, how much
 * space is left there ({@code cannot write DIR/summary.json: No space left on device (12 KB free on its disk)}).
 */
public final class OutputSpace {

    private OutputSpace() {}

    /** Whether this failure (or one of its causes) is a full disk or an exhausted quota. */
    public static boolean isFull(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (isFull(c.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /** Whether this message says the disk is full or the quota exhausted. */
    public static boolean isFull(String message) {
        return message != null
                && (message.contains("No space left on device") || message.contains("Disk quota exceeded"));
    }

    /** {@code cannot write FILE: REASON}, with the free space of the file's disk when it is full. */
    public static String cannotWrite(Path file, Throwable t) {
        String reason = isFull(t) ? "No space left on device" : String.valueOf(t.getMessage());
        return "cannot write " + file + ": " + reason + (isFull(t) ? " (" + free(file) + " on its disk)" : "");
    }

    /** The usable space of the disk that holds {@code file} (or its nearest existing parent), e.g. {@code 12 KB free}. */
    public static String free(Path file) {
        Path p = file.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return "free space unknown";
        }
        try {
            long bytes = Files.getFileStore(p).getUsableSpace();
            return bytes >= 10L << 20
                    ? String.format(Locale.ROOT, "%d MB free", bytes >> 20)
                    : String.format(Locale.ROOT, "%d KB free", bytes >> 10);
        } catch (IOException e) {
            return "free space unknown";
        }
    }

    /** What a whole-file write puts into the file. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code file} whole or not at all: into {@code file.tmp}, then renamed over it (atomically where the
     * file system can). On failure the temporary file is deleted and the exception says {@link #cannotWrite}.
     * The bytes go through a plain {@link FileOutputStream}: Ctrl-C interrupts the thread that writes a run's
     * files, and an NIO channel ({@code Files.newOutputStream}, {@code Files.writeString}) would then refuse to
     * write them at all.
     */
    public static void writeWhole(Path file, Content content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (OutputStream o = new BufferedOutputStream(new FileOutputStream(tmp.toFile()), 1 << 16)) {
                content.writeTo(o);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new IOException(cannotWrite(file, e), e);
        }
    }

    /** {@link #writeWhole} of a text, UTF-8. */
    public static void writeWhole(Path file, String text) throws IOException {
        writeWhole(file, o -> o.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** Deletes a temporary file that a failed write left; quietly, as the failure is what matters. */
    public static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // nothing to add to the write's own failure
        }
    }
}
