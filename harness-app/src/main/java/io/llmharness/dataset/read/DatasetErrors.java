package io.llmharness.dataset.read;

import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The one-line messages of dataset problems a user can fix. Every message starts with the file as the user gave
 * it and ends with what to do.
 */
public final class DatasetErrors {
    private DatasetErrors() {}

    /** The file does not exist; suggests a close sibling when there is one. */
    public static HarnessException missingFile(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return HarnessException.config("Dataset file not found: " + file + " (directory " + dir
                    + " does not exist); check --dataset-path");
        }
        String hint = closeSibling(file).map(s -> " (did you mean " + s + "?)").orElse("");
        return HarnessException.config("Dataset file not found: " + file + hint + "; check --dataset-path");
    }

    /** The path names a directory, not a file. */
    public static HarnessException notAFile(Path file) {
        return HarnessException.config(
                "Dataset path " + file + " is a directory; give the dataset file itself with --dataset-path");
    }

    /** A file without any rows. */
    public static HarnessException empty(Path file) {
        return HarnessException.config(
                "Dataset " + file + " has no rows; point --dataset-path at the full dataset file");
    }

    /** A problem in one row. */
    public static HarnessException badRow(Path file, String where, String problem) {
        return HarnessException.config("Dataset " + file + " " + where + ": " + problem);
    }

    /** Unreadable content for the format. */
    public static HarnessException badFile(Path file, String problem, Throwable cause) {
        return HarnessException.config("Dataset " + file + ": " + problem, cause);
    }

    /** The content stops before the format says it is complete: a cut download or an interrupted write. */
    public static HarnessException truncated(Path file, Throwable cause) {
        return badFile(file, "the file ends early (truncated?); download or write it again", cause);
    }

    /** An I/O failure while reading; a file that ends early (truncated content) is the user's to fix. */
    public static HarnessException io(Path file, IOException e) {
        if (e instanceof java.io.EOFException || String.valueOf(e.getMessage()).contains("premature end")) {
            return truncated(file, e);
        }
        return HarnessException.execution("Cannot read dataset " + file + ": " + firstLine(e.getMessage()), e);
    }

    /** The first line of a (possibly multi-line) library message. */
    public static String firstLine(String message) {
        if (message == null) {
            return "unknown error";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).strip();
    }

    /** Comma-separated list of names, shortened after 30. */
    public static String list(Collection<String> names) {
        if (names.isEmpty()) {
            return "(none)";
        }
        Stream<String> s = names.stream().limit(30);
        String joined = String.join(", ", s.toList());
        return names.size() > 30 ? joined + ", … (" + names.size() + " in all)" : joined;
    }

    private record Candidate(String name, int distance) {}

    static Optional<String> closeSibling(Path file) {
        Path dir = file.toAbsolutePath().getParent();
        String wanted = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int limit = Math.max(2, wanted.length() / 4);
        try (Stream<Path> siblings = Files.list(dir)) {
            return siblings.map(p -> p.getFileName().toString())
                    .map(n -> new Candidate(n, DidYouMean.distance(wanted, n.toLowerCase(Locale.ROOT))))
                    .filter(c -> c.distance() <= limit)
                    .min(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
                    .map(Candidate::name);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
