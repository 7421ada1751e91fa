package io.llmharness.accuracy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads LoadGen's {@code mlperf_log_accuracy.json} (a JSON array of {@code {seq_id, qsl_idx, data[, token_data]
 * [, token_count]}} objects, response bytes as hex) with a streaming parser, so the hex of large logs is never held
 * as one tree. Every problem is one line naming the file and the entry.
 */
public final class AccuracyLogReader {

    /** File name LoadGen writes. */
    public static final String FILE = "mlperf_log_accuracy.json";

    private AccuracyLogReader() {}

    /** All entries in file order. */
    public static List<LogEntry> read(Path file) {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxStringLength(Integer.MAX_VALUE)
                        .build())
                .build();
        List<LogEntry> out = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = factory.createParser(in)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw HarnessException.config(file + ": not an accuracy log (expected a JSON array of responses)");
            }
            while (p.nextToken() == JsonToken.START_OBJECT) {
                out.add(entry(p, file, out.size()));
            }
            if (p.currentToken() != JsonToken.END_ARRAY) {
                throw HarnessException.config(file + " entry " + out.size() + ": expected an object");
            }
        } catch (NoSuchFileException e) {
            throw HarnessException.config(file + ": no such file (an accuracy-mode run writes it)");
        } catch (JsonParseException e) {
            throw HarnessException.config(file + " entry " + out.size() + ": not valid JSON (" + e.getOriginalMessage()
                    + "); is the file complete?");
        } catch (IOException e) {
            throw HarnessException.config(file + ": cannot read (" + e.getMessage() + ")");
        }
        return out;
    }

    private static LogEntry entry(JsonParser p, Path file, int index) throws IOException {
        Map<String, Object> fields = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            switch (t) {
                case VALUE_NUMBER_INT -> fields.put(name, p.getLongValue());
                case VALUE_STRING -> fields.put(name, p.getText());
                default -> p.skipChildren();
            }
        }
        String where = file + " entry " + index;
        long seq = number(fields, "seq_id", where, false);
        long qsl = number(fields, "qsl_idx", where, true);
        Object data = fields.get("data");
        if (!(data instanceof String hex)) {
            throw HarnessException.config(where + ": no 'data' string");
        }
        byte[] tokenData = fields.get("token_data") instanceof String h ? hex(h, where, "token_data") : null;
        Long count = fields.get("token_count") instanceof Long c ? c : null;
        return new LogEntry(index, seq, qsl, hex(hex, where, "data"), tokenData, count);
    }

    private static long number(Map<String, Object> fields, String key, String where, boolean required) {
        Object v = fields.get(key);
        if (v instanceof Long l) {
            return l;
        }
        if (required) {
            throw HarnessException.config(where + ": no integer '" + key + "'");
        }
        return -1;
    }

    /** Hex text → bytes, two digits per byte, either case (Python's {@code bytes.fromhex}). */
    static byte[] hex(String s, String where, String key) {
        if (s.length() % 2 != 0) {
            throw HarnessException.config(where + ": '" + key + "' has an odd number of hex digits");
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = Character.digit(s.charAt(2 * i), 16);
            int lo = Character.digit(s.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                throw HarnessException.config(where + ": '" + key + "' is not hex at character " + (2 * i));
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }
}
