package io.llmharness.workload.trace;

import io.llmharness.error.HarnessException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads a trace file of any {@link TraceFormat} into a {@link Trace}: rows in the order of their offsets (a session's
 * later turns after their previous turn), offsets relative to the earliest row (which is at 0). Bad input is a
 * one-line config error naming the file, the line and how to fix it.
 */
public final class TraceReaders {

    /** The rows a reader kept, and how many it left out on purpose by why (e.g. {@code failed_in_source}). */
    record Rows(List<TraceRequest> kept, Map<String, Long> skippedBy) {
        Rows {
            skippedBy = Map.copyOf(skippedBy);
        }

        /** Rows with none left out. */
        Rows(List<TraceRequest> kept) {
            this(kept, Map.of());
        }

        long skipped() {
            return skippedBy.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private TraceReaders() {}

    /** Reads {@code file} as {@code format}. */
    public static Trace read(Path file, TraceFormat format, TraceReadOptions options) {
        if (Files.isDirectory(file)) {
            throw HarnessException.config("Trace " + file + " is a directory; give the trace file itself");
        }
        Rows rows;
        try {
            rows = switch (format) {
                case MOONCAKE -> new Rows(MooncakeReader.read(file, options.blockSize()));
                case AZURE -> new Rows(AzureReader.read(file));
                case BURSTGPT -> BurstGptReader.read(file, options);
                case RECORDS -> RecordsReader.read(file, options.blockSize());
            };
        } catch (IOException e) {
            throw TraceErrors.io(file, e);
        }
        if (rows.kept().isEmpty()) {
            if (rows.skipped() > 0) {
                throw TraceErrors.file(
                        file,
                        "all " + rows.skipped() + " rows were skipped (" + Trace.describeSkipped(rows.skippedBy())
                                + "); check the model and log-type filters");
            }
            throw TraceErrors.empty(file, format);
        }
        return new Trace(file.toString(), format, options.blockSize(), ordered(rows.kept()), rows.skippedBy());
    }

    /** Reads {@code file} in the format {@link #detect(Path)} finds. */
    public static Trace read(Path file, TraceReadOptions options) {
        return read(file, detect(file), options);
    }

    /**
     * The format of {@code file}: a {@code .jsonl}/{@code .json} name or a first line starting with '{' is
     * Mooncake; a CSV header decides between Azure ({@code TIMESTAMP}, {@code ContextTokens}), BurstGPT
     * ({@code Timestamp}, {@code Request tokens}) and our records ({@code scheduled_ns}, {@code input_tokens}).
     */
    public static TraceFormat detect(Path file) {
        String name =
                file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".jsonl") || name.endsWith(".json")) {
            return TraceFormat.MOONCAKE;
        }
        String first = firstLine(file);
        if (first == null) {
            throw TraceErrors.empty(file, TraceFormat.MOONCAKE);
        }
        if (first.startsWith("{")) {
            return TraceFormat.MOONCAKE;
        }
        List<String> header = Arrays.stream(first.split(","))
                .map(h -> h.strip().replace("\"", "").replace("\uFEFF", ""))
                .toList();
        if (header.contains(RecordsReader.SCHEDULED) && header.contains(RecordsReader.INPUT)) {
            return TraceFormat.RECORDS;
        }
        if (header.contains(AzureReader.TIMESTAMP) && header.contains(AzureReader.CONTEXT)) {
            return TraceFormat.AZURE;
        }
        if (header.contains(BurstGptReader.TIMESTAMP) && header.contains(BurstGptReader.REQUEST)) {
            return TraceFormat.BURSTGPT;
        }
        throw HarnessException.config("Cannot tell the format of trace " + file + " from its name or first line ("
                + abbreviate(first) + "); give --trace-format " + formatNames());
    }

    /** The format names, for messages: {@code mooncake|azure|burstgpt|records}. */
    public static String formatNames() {
        return Arrays.stream(TraceFormat.values()).map(TraceFormat::cliName).collect(Collectors.joining("|"));
    }

    private static String firstLine(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    return line.strip();
                }
            }
            return null;
        } catch (IOException e) {
            throw TraceErrors.io(file, e);
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    /**
     * Sorts rows by offset, a session turn without one keeping its place after its previous turn, and makes
     * offsets relative to the earliest row.
     */
    static List<TraceRequest> ordered(List<TraceRequest> rows) {
        long base = Long.MAX_VALUE;
        for (TraceRequest r : rows) {
            if (r.offsetNs() >= 0) {
                base = Math.min(base, r.offsetNs());
            }
        }
        if (base == Long.MAX_VALUE) {
            base = 0;
        }
        Map<String, Long> sessionKey = new HashMap<>();
        long[] keys = new long[rows.size()];
        List<Integer> index = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            TraceRequest r = rows.get(i);
            long key = r.offsetNs();
            if (r.sessionId() != null) {
                key = Math.max(key, sessionKey.getOrDefault(r.sessionId(), Long.MIN_VALUE));
                sessionKey.put(r.sessionId(), key);
            }
            keys[i] = key;
            index.add(i);
        }
        index.sort(Comparator.comparingLong(i -> keys[i]));
        List<TraceRequest> out = new ArrayList<>(rows.size());
        for (int i : index) {
            TraceRequest r = rows.get(i);
            long offset = r.offsetNs() >= 0 ? r.offsetNs() - base : -1;
            out.add(
                    offset == r.offsetNs()
                            ? r
                            : new TraceRequest(
                                    r.line(),
                                    offset,
                                    r.inputLength(),
                                    r.outputLength(),
                                    r.hashIds(),
                                    r.sessionId(),
                                    r.delayNs(),
                                    r.text()));
        }
        return out;
    }
}
