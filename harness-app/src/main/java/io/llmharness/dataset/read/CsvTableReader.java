package io.llmharness.dataset.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.RuntimeJsonMappingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.llmharness.dataset.column.ColumnBuilder;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableBuilder;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads CSV with a header row (RFC 4180 quoting, as pandas {@code to_csv} writes it). Cells are typed per column
 * by {@link CsvCells}: integers, floats, booleans, JSON lists and objects (token-id lists such as {@code "[1, 2]"}
 * become {@code int[]}), otherwise text; an empty cell is null. Token-id lists written space- or comma-separated
 * stay text here and are parsed when the column is used as {@code input_ids}.
 */
public final class CsvTableReader {
    private static final CsvMapper MAPPER = new CsvMapper();

    private CsvTableReader() {}

    /**
     * Reads the whole file. A file cut short shows as a quoted cell that never closes or a last row with too few
     * fields and no line break after it; both say the file is truncated.
     */
    public static Table read(Path file) {
        try {
            return read(file, new Inputs.Tracked(Inputs.open(file)));
        } catch (RuntimeJsonMappingException e) {
            if (e.getCause() instanceof JsonProcessingException cause) {
                throw malformed(file, cause);
            }
            throw e;
        } catch (JsonProcessingException e) {
            throw malformed(file, e);
        } catch (IOException e) {
            throw DatasetErrors.io(file, e);
        }
    }

    private static HarnessException malformed(Path file, JsonProcessingException e) {
        String message = DatasetErrors.firstLine(e.getOriginalMessage());
        if (message.startsWith("Missing closing quote")) {
            return DatasetErrors.truncated(file, e);
        }
        return DatasetErrors.badFile(file, "malformed CSV: " + message, e);
    }

    private static Table read(Path file, Inputs.Tracked in) throws IOException {
        try (in;
                Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
                MappingIterator<String[]> it = MAPPER.readerFor(String[].class)
                        .with(CsvParser.Feature.WRAP_AS_ARRAY)
                        .with(CsvParser.Feature.SKIP_EMPTY_LINES)
                        .readValues(reader)) {
            if (!it.hasNext()) {
                throw DatasetErrors.empty(file);
            }
            List<String> header = header(file, it.next());
            List<List<String>> cells = new ArrayList<>();
            for (int i = 0; i < header.size(); i++) {
                cells.add(new ArrayList<>());
            }
            int row = 0;
            while (it.hasNext()) {
                long line = it.getCurrentLocation().getLineNr();
                String[] fields = it.next();
                if (fields.length < header.size() && !it.hasNext() && !endsWithLineBreak(in)) {
                    throw DatasetErrors.truncated(file, null);
                }
                if (fields.length != header.size()) {
                    throw DatasetErrors.badRow(
                            file,
                            "line " + line + " (row " + row + ")",
                            fields.length + " fields but the header has " + header.size()
                                    + " columns; quote cells that contain commas");
                }
                for (int i = 0; i < fields.length; i++) {
                    cells.get(i).add(fields[i].isEmpty() ? null : fields[i]);
                }
                row++;
            }
            TableBuilder table = new TableBuilder();
            for (int i = 0; i < header.size(); i++) {
                ColumnBuilder column = table.column(header.get(i));
                for (Object v : CsvCells.type(cells.get(i))) {
                    column.add(v);
                }
            }
            return table.build();
        }
    }

    private static boolean endsWithLineBreak(Inputs.Tracked in) {
        return in.ended() && (in.lastByte() == '\n' || in.lastByte() == '\r');
    }

    private static List<String> header(Path file, String[] names) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < names.length; i++) {
            String raw = i == 0 && names[i].startsWith("\uFEFF") ? names[i].substring(1) : names[i];
            String name = raw.isEmpty() ? "Unnamed: " + i : raw;
            if (!seen.add(name)) {
                throw DatasetErrors.badRow(
                        file, "line 1 (header)", "column '" + name + "' appears twice; rename one of them");
            }
            out.add(name);
        }
        return out;
    }
}
