package io.llmharness.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    /** Deletes a temporary file that a failed write left; quietly, as the failure is what matters. */
    public static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException e) {
            // nothing to add to the write's own failure
        }
    }
}
