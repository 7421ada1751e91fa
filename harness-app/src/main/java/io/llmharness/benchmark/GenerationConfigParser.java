package io.llmharness.benchmark;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.error.HarnessException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code --generation-config} JSON files.
 *
 * <p>Accepted keys (top level = both test modes; inside {@code "performance"} / {@code "accuracy"} = that mode
 * only): {@code max_new_tokens} or {@code max_tokens}, {@code min_new_tokens} or {@code min_tokens},
 * {@code temperature}, {@code top_k}, {@code top_p}, {@code seed}, {@code ignore_eos}, {@code stop} (string or
 * list of strings), and {@code "extra"}: an object of body fields sent verbatim. Keys starting with {@code _}
 * are comments and dropped. Any other key is ignored with a warning, so files written for other tools (the
 * MLPerf reference's own file, a model's generation_config.json) still load. A wrong type or out-of-range
 * value, a duplicate key, or malformed JSON is an error naming the file and key (or line).
 */
public final class GenerationConfigParser {
    private static final String SECTION_PERFORMANCE = "performance";
    private static final String SECTION_ACCURACY = "accuracy";
    private static final String SECTION_EXTRA = "extra";
    private static final String KNOWN = "max_new_tokens, min_new_tokens, temperature, top_k, top_p, seed,"
            + " ignore_eos, stop, performance, accuracy, extra";

    private GenerationConfigParser() {}

    /**
     * Reads and parses a file.
     *
     * @throws HarnessException config error naming {@code --generation-config} and the file
     */
    public static GenerationConfig read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw HarnessException.config("--generation-config " + file + ": file not found; check the path");
        } catch (IOException e) {
            throw HarnessException.config("--generation-config " + file + ": cannot read (" + e + ")", e);
        }
        return parse(text, file.toString());
    }

    /**
     * Parses JSON text.
     *
     * @param source name of the file (or other origin) for messages and provenance
     * @throws HarnessException config error naming the source and the line or key
     */
    public static GenerationConfig parse(String json, String source) {
        JsonNode root;
        try {
            root = StrictJson.MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation loc = e.getLocation();
            String line = loc == null ? "" : " line " + loc.getLineNr() + " column " + loc.getColumnNr();
            throw HarnessException.config(
                    source + line + ": invalid JSON (" + oneLine(e.getOriginalMessage())
                            + "); fix the file or drop --generation-config",
                    e);
        }
        if (root == null || !root.isObject()) {
            throw HarnessException.config(
                    source + ": must be a JSON object with keys such as max_new_tokens, temperature, top_p");
        }
        List<String> warnings = new ArrayList<>();
        Map<GenParam, Object> common = new EnumMap<>(GenParam.class);
        Map<GenParam, Object> perf = new EnumMap<>(GenParam.class);
        Map<GenParam, Object> acc = new EnumMap<>(GenParam.class);
        Map<String, Object> extra = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : root.properties()) {
            String key = field.getKey();
            JsonNode value = field.getValue();
            switch (key) {
                case SECTION_PERFORMANCE -> readParams(source, key + ".", object(source, key, value), perf, warnings);
                case SECTION_ACCURACY -> readParams(source, key + ".", object(source, key, value), acc, warnings);
                case SECTION_EXTRA -> readExtra(source, object(source, key, value), extra);
                default -> readParam(source, "", key, value, common, warnings);
            }
        }
        return new GenerationConfig(source, common, perf, acc, extra, warnings);
    }

    private static JsonNode object(String source, String key, JsonNode value) {
        if (!value.isObject()) {
            throw HarnessException.config(source + " key '" + key + "': expected a JSON object, got " + value);
        }
        return value;
    }

    private static void readExtra(String source, JsonNode obj, Map<String, Object> into) {
        for (Map.Entry<String, JsonNode> e : obj.properties()) {
            if (e.getValue().isNull()) {
                throw HarnessException.config(source + " key 'extra." + e.getKey()
                        + "': null is not a value to send; remove the key to leave it to the server");
            }
            into.put(e.getKey(), StrictJson.MAPPER.convertValue(e.getValue(), Object.class));
        }
    }

    private static void readParams(
            String source, String prefix, JsonNode obj, Map<GenParam, Object> into, List<String> warnings) {
        for (Map.Entry<String, JsonNode> field : obj.properties()) {
            readParam(source, prefix, field.getKey(), field.getValue(), into, warnings);
        }
    }

    private static void readParam(
            String source,
            String prefix,
            String key,
            JsonNode value,
            Map<GenParam, Object> into,
            List<String> warnings) {
        if (key.startsWith("_")) {
            return; // comment key
        }
        GenParam param = paramFor(key);
        String where = source + " key '" + prefix + key + "'";
        if (param == null) {
            warnings.add(where + " ignored: not a generation parameter the harness sends (known: " + KNOWN + ")");
            return;
        }
        if (into.containsKey(param)) {
            throw HarnessException.config(
                    where + ": " + param.key() + " is already set by another spelling in the same object; keep one");
        }
        Object v = GenParamValues.convert(param, value, where);
        String problem = param.check(v);
        if (problem != null) {
            throw HarnessException.config(where + " = " + value + ": " + problem);
        }
        into.put(param, v);
    }

    private static GenParam paramFor(String key) {
        return switch (key) {
            case "max_new_tokens", "max_tokens" -> GenParam.MAX_TOKENS;
            case "min_new_tokens", "min_tokens" -> GenParam.MIN_TOKENS;
            case "temperature" -> GenParam.TEMPERATURE;
            case "top_k" -> GenParam.TOP_K;
            case "top_p" -> GenParam.TOP_P;
            case "seed" -> GenParam.SEED;
            case "ignore_eos" -> GenParam.IGNORE_EOS;
            case "stop" -> GenParam.STOP;
            default -> null;
        };
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
