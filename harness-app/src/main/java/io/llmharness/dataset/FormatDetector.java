package io.llmharness.dataset;

import io.llmharness.dataset.read.DatasetErrors;
import io.llmharness.dataset.read.Inputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Chooses the format of a dataset file: by extension first ({@code .json}, {@code .jsonl}/{@code .ndjson}, {@code
 * .csv}, {@code .parquet}/{@code .pq}, {@code .pkl}/{@code .pickle}, each optionally followed by {@code .gz}),
 * then by content: the pickle protocol byte {@code 0x80}, Parquet's {@code PAR1} magic, JSON's opening bracket or
 * brace, and otherwise a header line with commas for CSV.
 */
public final class FormatDetector {
    private static final Logger LOG = LoggerFactory.getLogger(FormatDetector.class);

    private FormatDetector() {}

    /**
     * The format of the file, or an error saying which extensions are known. When the name says one format but the
     * content clearly is another (a pickle's protocol byte, Parquet's magic, or JSON in a file named as pickle or
     * Parquet), the content wins and {@code warnings} gets a line naming the file, for the caller to show (the run
     * command prints it as {@code harness: warning: ...}); the log keeps a copy at info.
     */
    public static DatasetFormat detect(Path file, List<String> warnings) {
        Optional<DatasetFormat> named = byExtension(file);
        Optional<DatasetFormat> sniffed = byContent(file);
        if (named.isPresent() && sniffed.isPresent() && contradicts(named.get(), sniffed.get())) {
            String warning = "Dataset " + file + " is named like " + describe(named.get()) + " but its content is "
                    + describe(sniffed.get()) + "; reading it as " + describe(sniffed.get());
            LOG.info("{}", warning);
            warnings.add(warning);
            return sniffed.get();
        }
        return named.or(() -> sniffed)
                .orElseThrow(() -> DatasetErrors.badFile(
                        file,
                        "cannot tell the file format from its name or content; use a .json, .jsonl, .csv, .parquet or .pkl"
                                + " file (optionally .gz-compressed)",
                        null));
    }

    private static String describe(DatasetFormat format) {
        return switch (format) {
            case JSON -> "JSON";
            case JSONL -> "JSON Lines";
            case CSV -> "CSV";
            case PARQUET -> "Parquet";
            case PICKLE -> "a pickle";
        };
    }

    private static boolean contradicts(DatasetFormat named, DatasetFormat sniffed) {
        return switch (sniffed) {
            case PICKLE, PARQUET -> named != sniffed;
            case JSON -> named == DatasetFormat.PICKLE || named == DatasetFormat.PARQUET;
            default -> false;
        };
    }

    /** The format implied by the file name, if any. */
    public static Optional<DatasetFormat> byExtension(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1) : "";
        return Optional.ofNullable(
                switch (ext) {
                    case "json" -> DatasetFormat.JSON;
                    case "jsonl", "ndjson" -> DatasetFormat.JSONL;
                    case "csv" -> DatasetFormat.CSV;
                    case "parquet", "pq" -> DatasetFormat.PARQUET;
                    case "pkl", "pickle" -> DatasetFormat.PICKLE;
                    default -> null;
                });
    }

    /** The format recognised from the first bytes, if any. */
    public static Optional<DatasetFormat> byContent(Path file) {
        byte[] head;
        try {
            head = Inputs.head(file, 4096);
        } catch (IOException e) {
            throw DatasetErrors.io(file, e);
        }
        if (head.length == 0) {
            throw DatasetErrors.empty(file);
        }
        if ((head[0] & 0xff) == 0x80) {
            return Optional.of(DatasetFormat.PICKLE);
        }
        if (head.length >= 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R' && head[3] == '1') {
            return Optional.of(DatasetFormat.PARQUET);
        }
        String text = new String(head, StandardCharsets.UTF_8).stripLeading();
        if (text.startsWith("[") || text.startsWith("{")) {
            return Optional.of(DatasetFormat.JSON);
        }
        int nl = text.indexOf('\n');
        String firstLine = nl < 0 ? text : text.substring(0, nl);
        return firstLine.contains(",") ? Optional.of(DatasetFormat.CSV) : Optional.empty();
    }
}
