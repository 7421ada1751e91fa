package io.llmharness.workload.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A CSV trace read row by row with RFC 4180 quoting (quoted fields may hold commas, doubled quotes and line breaks),
 * each row with the line it starts on. The first row is the header; empty lines are skipped.
 */
final class TraceCsv {

    private static final CsvFactory FACTORY = new CsvFactory();

    /** One data row: its cells by column and the line it starts on. */
    record Row(Path file, long line, Map<String, Integer> columns, List<String> cells) {

        /** The cell of {@code column}, stripped; an error when the row has no such cell or it is empty. */
        String required(String column) {
            String v = optional(column);
            if (v == null) {
                throw TraceErrors.row(file, line, "'" + column + "' is empty; every row needs it");
            }
            return v;
        }

        /** The cell of {@code column}, stripped, or null when empty. */
        String optional(String column) {
            Integer i = columns.get(column);
            if (i == null || i >= cells.size()) {
                return null;
            }
            String v = cells.get(i).strip();
            return v.isEmpty() ? null : v;
        }

        /** A non-negative whole count (a decimal point with zeros after it is accepted: 12.0). */
        int count(String column) {
            String v = required(column);
            double d = number(column, v);
            if (d < 0) {
                throw TraceErrors.row(file, line, "'" + column + "' is negative (" + v + "); token counts are >= 0");
            }
            if (d != Math.rint(d) || d > Integer.MAX_VALUE) {
                throw TraceErrors.row(file, line, "'" + column + "' is " + v + ", not a whole number of tokens");
            }
            return (int) d;
        }

        /** A finite number. */
        double number(String column, String v) {
            try {
                double d = Double.parseDouble(v);
                if (Double.isFinite(d)) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw TraceErrors.row(file, line, "'" + column + "' is '" + v + "', not a number; fix or remove the row");
        }
    }

    private TraceCsv() {}

    /**
     * Reads {@code file}: checks the header against {@code format} (every name in {@code required} present), then
     * hands each data row to {@code rows}. Returns the header names.
     */
    static List<String> read(Path file, TraceFormat format, List<String> required, Consumer<Row> rows)
            throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                CsvParser p = FACTORY.createParser(in)) {
            List<String> header = null;
            Map<String, Integer> columns = new HashMap<>();
            List<String> cells = new ArrayList<>();
            long line = 0;
            JsonToken t;
            while ((t = next(file, p)) != null) {
                if (t == JsonToken.START_ARRAY) {
                    cells = new ArrayList<>();
                    line = p.currentLocation().getLineNr();
                } else if (t == JsonToken.VALUE_STRING) {
                    cells.add(p.getText());
                } else if (t == JsonToken.END_ARRAY) {
                    if (cells.size() == 1 && cells.get(0).isBlank()) {
                        continue;
                    }
                    if (header == null) {
                        header = header(file, format, cells, required, columns);
                    } else {
                        if (cells.size() != header.size()) {
                            throw TraceErrors.row(
                                    file,
                                    line,
                                    cells.size() + " fields but the header has " + header.size()
                                            + " columns; quote cells that contain commas");
                        }
                        rows.accept(new Row(file, line, columns, cells));
                    }
                }
            }
            if (header == null) {
                throw TraceErrors.empty(file, format);
            }
            return header;
        }
    }

    private static JsonToken next(Path file, CsvParser p) throws IOException {
        try {
            return p.nextToken();
        } catch (JsonProcessingException e) {
            long line = e.getLocation() == null
                    ? p.currentLocation().getLineNr()
                    : e.getLocation().getLineNr();
            String m = e.getOriginalMessage().lines().findFirst().orElse("malformed CSV");
            throw TraceErrors.row(file, line, "malformed CSV (" + m + "); close the quoted field");
        }
    }

    private static List<String> header(
            Path file, TraceFormat format, List<String> cells, List<String> required, Map<String, Integer> columns) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            String name = cells.get(i).strip();
            if (i == 0 && name.startsWith("\uFEFF")) {
                name = name.substring(1);
            }
            names.add(name);
            columns.putIfAbsent(name, i);
        }
        for (String r : required) {
            if (!columns.containsKey(r)) {
                throw TraceErrors.row(
                        file,
                        1,
                        "no column '" + r + "' in the header " + names + " for --trace-format "
                                + format.cliName() + "; it needs " + required
                                + " (or give the format the file is in: " + TraceReaders.formatNames() + ")");
            }
        }
        return names;
    }
}
