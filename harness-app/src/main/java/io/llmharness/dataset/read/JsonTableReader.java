package io.llmharness.dataset.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.dataset.column.Table;
import io.llmharness.dataset.column.TableBuilder;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads JSON and JSON Lines. The layout is recognised from the content:
 *
 * <ul>
 *   <li>a top-level array: one record (object) per row, streamed;
 *   <li>several top-level objects one after the other (JSON Lines, also in a {@code .json} file): one record per
 *       object, streamed;
 *   <li>a single top-level object, read whole and then interpreted by {@link JsonObjectLayouts}: an object of
 *       equally long column arrays, pandas {@code to_json()} layouts keyed by row label, or one record.
 * </ul>
 */
public final class JsonTableReader {
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxDocumentLength(-1)
                    .build())
            .build();

    private final Path file;
    private final RowValues values = new RowValues();

    private JsonTableReader(Path file) {
        this.file = file;
    }

    /**
     * Reads the whole file. Invalid JSON at the end of content that does not end with a closing brace or bracket
     * means the file is truncated (cut inside a value, record or array).
     */
    public static Table read(Path file) {
        try (Inputs.Tracked in = new Inputs.Tracked(Inputs.open(file))) {
            try (JsonParser p = FACTORY.createParser(in)) {
                p.setCodec(RowValues.MAPPER);
                return new JsonTableReader(file).read(p);
            } catch (JsonProcessingException e) {
                int last = in.lastNonBlankByte();
                if (e instanceof JsonEOFException || (in.ended() && last != '}' && last != ']')) {
                    throw DatasetErrors.truncated(file, e);
                }
                JsonLocation loc = e.getLocation();
                String where = loc == null ? "" : " at line " + loc.getLineNr() + ", column " + loc.getColumnNr();
                throw DatasetErrors.badFile(
                        file, "invalid JSON" + where + ": " + DatasetErrors.firstLine(e.getOriginalMessage()), e);
            }
        } catch (IOException e) {
            throw DatasetErrors.io(file, e);
        }
    }

    private Table read(JsonParser p) throws IOException {
        TableBuilder table = new TableBuilder();
        JsonToken t = p.nextToken();
        if (t == null) {
            throw DatasetErrors.empty(file);
        }
        if (t == JsonToken.START_ARRAY) {
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                readRecord(p, table, "row " + table.rows());
            }
            if (p.nextToken() != null) {
                throw DatasetErrors.badRow(
                        file,
                        "line " + p.currentLocation().getLineNr(),
                        "unexpected content after the top-level array");
            }
            return table.build();
        }
        if (t != JsonToken.START_OBJECT) {
            throw DatasetErrors.badFile(
                    file,
                    "the top level is a " + kind(t) + "; expected an array of records, an object, or JSON Lines",
                    null);
        }
        JsonNode first = RowValues.MAPPER.readTree(p);
        t = p.nextToken();
        if (t == null) {
            return JsonObjectLayouts.interpret(file, first);
        }
        // JSON Lines: the first record was read whole, the rest stream.
        JsonObjectLayouts.addRecord(table, first);
        table.endRow();
        while (t != null) {
            long line = p.currentLocation().getLineNr();
            readRecord(p, table, "line " + line + " (row " + table.rows() + ")");
            t = p.nextToken();
        }
        return table.build();
    }

    private void readRecord(JsonParser p, TableBuilder table, String where) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.START_OBJECT) {
            throw DatasetErrors.badRow(
                    file, where, "is a " + kind(t) + ", expected a record (an object with column names as keys)");
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            p.nextToken();
            table.set(name, values.read(p));
        }
        table.endRow();
    }

    static String kind(JsonToken t) {
        return switch (t) {
            case START_ARRAY -> "list";
            case START_OBJECT -> "object";
            case VALUE_STRING -> "string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "number";
            case VALUE_TRUE, VALUE_FALSE -> "boolean";
            case VALUE_NULL -> "null";
            default -> t.toString();
        };
    }
}
