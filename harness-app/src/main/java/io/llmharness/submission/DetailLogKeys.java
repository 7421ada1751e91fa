package io.llmharness.submission;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of an {@code mlperf_log_detail.txt} as MLCommons' log parser reads them: each {@code :::MLLOG} line is
 * JSON, a key's first occurrence wins, and every line whose metadata says {@code is_error} is an error.
 *
 * @param values key to its first value
 * @param errors the error lines' {@code key: value}, in order
 */
record DetailLogKeys(Map<String, JsonNode> values, List<String> errors) {

    private static final String MARKER = ":::MLLOG ";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads the file; lines that are not valid JSON after the marker count as errors. */
    static DetailLogKeys read(Path file) throws IOException {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int at = line.indexOf(MARKER);
            if (at < 0) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(line.substring(at + MARKER.length()));
            } catch (IOException e) {
                errors.add("unparsable line: " + line);
                continue;
            }
            String key = node.path("key").asText();
            values.putIfAbsent(key, node.path("value"));
            if (node.path("metadata").path("is_error").asBoolean(false)) {
                errors.add(key + ": " + node.path("value").asText());
            }
        }
        return new DetailLogKeys(values, errors);
    }

    /** The value as text, or null. */
    String text(String key) {
        JsonNode v = values.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** The value as an unsigned 64-bit integer's bits, or null. */
    Long u64(String key) {
        String t = text(key);
        if (t == null) {
            return null;
        }
        try {
            return Long.parseUnsignedLong(t.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The value as a number, or null. */
    Double number(String key) {
        JsonNode v = values.get(key);
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isNumber()) {
            return v.asDouble();
        }
        try {
            return Double.parseDouble(v.asText().trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The value as a boolean ({@code true} or the text "true"), false when absent. */
    boolean bool(String key) {
        JsonNode v = values.get(key);
        return v != null && (v.asBoolean(false) || "true".equalsIgnoreCase(v.asText()));
    }
}
