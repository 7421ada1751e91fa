package io.llmharness.backend.process;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The last lines of a (possibly huge, still growing) log file, for error messages. */
public final class LogTail {

    private static final int MAX_BYTES = 64 * 1024;
    private static final int MAX_LINE = 300;

    private LogTail() {}

    /** Up to {@code n} last non-blank lines, each cut to 300 characters; empty when the file is unreadable. */
    public static List<String> lastLines(Path file, int n) {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long len = f.length();
            int size = (int) Math.min(len, MAX_BYTES);
            byte[] buf = new byte[size];
            f.seek(len - size);
            f.readFully(buf);
            String text = new String(buf, StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>(Arrays.asList(text.split("\\R")));
            if (size < len && !lines.isEmpty()) {
                lines.remove(0); // partial first line
            }
            lines.removeIf(String::isBlank);
            List<String> tail = lines.subList(Math.max(0, lines.size() - n), lines.size());
            return tail.stream()
                    .map(l -> l.length() > MAX_LINE ? l.substring(0, MAX_LINE) + "…" : l)
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The last lines joined with {@code " | "} for a one-line message, or {@code "(log is empty)"}. */
    public static String oneLine(Path file, int n) {
        List<String> lines = lastLines(file, n);
        return lines.isEmpty() ? "(log is empty)" : String.join(" | ", lines);
    }
}
