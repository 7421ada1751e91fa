package io.llmharness.workload.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads Mooncake JSONL: one JSON object a line with {@code timestamp} (ms from the trace start), {@code input_length},
 * {@code output_length}, {@code hash_ids}, and optionally {@code session_id}, {@code delay} (ms after the previous
 * turn of the session was answered) and {@code text_input} or {@code messages} (kept as JSON text). A session's later
 * turn may leave out {@code timestamp} when it has a {@code delay}; {@code input_length} may be left out when the row
 * carries its text (the length is then -1: count it from the text). Other fields are ignored.
 */
final class MooncakeReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double NS_PER_MS = 1_000_000.0;

    private MooncakeReader() {}

    /** Rows in file order, offsets in ns as written (not yet relative to the first row). */
    static List<TraceRequest> read(Path file, int blockSize) throws IOException {
        List<TraceRequest> rows = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String text;
            long line = 0;
            long lastPlain = Long.MIN_VALUE;
            long lastPlainLine = 0;
            java.util.Set<String> sessions = new java.util.HashSet<>();
            while ((text = in.readLine()) != null) {
                line++;
                if (text.isBlank()) {
                    continue;
                }
                TraceRequest r = row(file, line, text, blockSize);
                if (r.sessionId() != null && sessions.add(r.sessionId()) && r.offsetNs() < 0) {
                    throw TraceErrors.row(
                            file,
                            line,
                            "the first turn of session '" + r.sessionId() + "' has no 'timestamp'; give it the ms"
                                    + " from the trace start at which the session begins");
                }
                if (r.sessionId() == null) {
                    if (r.offsetNs() < lastPlain) {
                        throw TraceErrors.row(
                                file,
                                line,
                                "timestamp goes backwards (before the row on line " + lastPlainLine
                                        + "); sort the rows by timestamp");
                    }
                    lastPlain = r.offsetNs();
                    lastPlainLine = line;
                }
                rows.add(r);
            }
        }
        return rows;
    }

    private static TraceRequest row(Path file, long line, String text, int blockSize) {
        JsonNode o;
        try {
            o = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String m = e.getOriginalMessage().lines().findFirst().orElse("");
            throw TraceErrors.row(file, line, "not a JSON object (" + m + "); write one JSON object per line");
        }
        if (o == null || !o.isObject()) {
            throw TraceErrors.row(file, line, "not a JSON object; write one JSON object per line");
        }
        String session = sessionId(file, line, o.get("session_id"));
        long delayNs = o.hasNonNull("delay") ? ms(file, line, o, "delay") : -1;
        String prompt = text(o);
        long offsetNs;
        if (o.hasNonNull("timestamp")) {
            offsetNs = ms(file, line, o, "timestamp");
        } else if (session != null && delayNs >= 0) {
            offsetNs = -1;
        } else {
            throw TraceErrors.row(
                    file,
                    line,
                    "missing field 'timestamp' (ms from the trace start); only a session turn with a"
                            + " 'delay' may leave it out");
        }
        int input = prompt != null && !o.hasNonNull("input_length") ? -1 : count(file, line, o, "input_length");
        int output = count(file, line, o, "output_length");
        int[] hashIds = hashIds(file, line, o.get("hash_ids"));
        if (input >= 0 && hashIds.length > blocks(input, blockSize)) {
            throw TraceErrors.row(
                    file,
                    line,
                    hashIds.length + " hash_ids for " + input + " input tokens, more than one per " + blockSize
                            + "-token block; set --trace-block-size to the block size the trace was made with");
        }
        return new TraceRequest(line, offsetNs, input, output, hashIds, session, delayNs, prompt);
    }

    static int blocks(int tokens, int blockSize) {
        return (int) ((tokens + (long) blockSize - 1) / blockSize);
    }

    private static String sessionId(Path file, long line, JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isValueNode() || v.asText().isEmpty()) {
            throw TraceErrors.row(file, line, "'session_id' must be a non-empty string or number, got " + v);
        }
        return v.asText();
    }

    private static String text(JsonNode o) {
        JsonNode t = o.get("text_input");
        if (t != null && t.isTextual()) {
            return t.asText();
        }
        JsonNode m = o.get("messages");
        if (m != null && !m.isNull()) {
            return m.toString();
        }
        return null;
    }

    private static long ms(Path file, long line, JsonNode o, String field) {
        JsonNode v = o.get(field);
        if (!v.isNumber()) {
            throw TraceErrors.row(file, line, "'" + field + "' is " + v + ", not a number of milliseconds");
        }
        double d = v.asDouble();
        if (d < 0 || !Double.isFinite(d)) {
            throw TraceErrors.row(file, line, "'" + field + "' is " + v + "; milliseconds are >= 0");
        }
        return Math.round(d * NS_PER_MS);
    }

    private static int count(Path file, long line, JsonNode o, String field) {
        JsonNode v = o.get(field);
        if (v == null || v.isNull()) {
            throw TraceErrors.row(file, line, "missing field '" + field + "' (a number of tokens); add it to the row");
        }
        if (!v.isNumber() || v.asDouble() != Math.rint(v.asDouble()) || v.asDouble() > Integer.MAX_VALUE) {
            throw TraceErrors.row(file, line, "'" + field + "' is " + v + ", not a whole number of tokens");
        }
        if (v.asLong() < 0) {
            throw TraceErrors.row(file, line, "'" + field + "' is negative (" + v + "); token counts are >= 0");
        }
        return v.asInt();
    }

    private static int[] hashIds(Path file, long line, JsonNode v) {
        if (v == null || v.isNull()) {
            return new int[0];
        }
        if (!v.isArray()) {
            throw TraceErrors.row(file, line, "'hash_ids' is " + v + ", not a list of block ids");
        }
        int[] out = new int[v.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode id = v.get(i);
            if (!id.isIntegralNumber() || !id.canConvertToInt()) {
                throw TraceErrors.row(file, line, "'hash_ids' holds " + id + ", not an integer block id");
            }
            out[i] = id.asInt();
        }
        return out;
    }
}
