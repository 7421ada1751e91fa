package io.llmharness.workload.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.llmharness.error.DidYouMean;
import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A node of a parsed profile that knows its file and its key path, so that every error names both. Scalars are
 * read leniently the way YAML users write them: {@code 30} and {@code "30"} are both numbers, {@code true},
 * {@code "true"} and {@code yes} are booleans.
 */
public final class YamlNode {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final String file;
    private final String path;
    private final JsonNode node;

    private YamlNode(String file, String path, JsonNode node) {
        this.file = file;
        this.path = path;
        this.node = node;
    }

    /**
     * Parses YAML text.
     *
     * @param file the file name for messages
     * @throws HarnessException (config) with the line of a syntax error
     */
    public static YamlNode parse(String text, String file) {
        try {
            JsonNode root = YAML.readTree(text);
            if (root == null || root.isMissingNode() || root.isNull()) {
                throw HarnessException.config(file + ": the profile is empty");
            }
            if (!root.isObject()) {
                throw HarnessException.config(file + ": a profile is a YAML mapping of keys, not a "
                        + root.getNodeType().name().toLowerCase(Locale.ROOT));
            }
            return new YamlNode(file, "", root);
        } catch (JsonProcessingException e) {
            int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
            throw HarnessException.config(
                    file + (line > 0 ? ": line " + line : "") + ": not valid YAML: " + e.getOriginalMessage(), e);
        }
    }

    /** A node over an existing tree (e.g. a modified copy), named by file and path. */
    static YamlNode of(JsonNode node, String file, String path) {
        return new YamlNode(file, path, node);
    }

    /** The file this node came from. */
    public String file() {
        return file;
    }

    /** The key path, e.g. {@code load.stages[0].rate}; empty for the root. */
    public String path() {
        return path;
    }

    /** {@code <file>: <path>} for messages. */
    public String where() {
        return path.isEmpty() ? file : file + ": " + path;
    }

    /** {@code <file>: <path>.<key>} for messages. */
    public String where(String key) {
        return file + ": " + child(key).path;
    }

    /** Whether the node is absent (or YAML null). */
    public boolean missing() {
        return node.isMissingNode() || node.isNull();
    }

    /** Whether the node is a mapping. */
    public boolean isObject() {
        return node.isObject();
    }

    /** Whether the node is a list. */
    public boolean isList() {
        return node.isArray();
    }

    /** The underlying tree (for echoing settings into reports). */
    public JsonNode tree() {
        return node;
    }

    /** A child by key (absent children are {@link #missing()}). */
    public YamlNode child(String key) {
        JsonNode c = node.isObject() ? node.get(key) : null;
        return new YamlNode(file, path.isEmpty() ? key : path + "." + key, c == null ? MissingNode.getInstance() : c);
    }

    /** Whether a key is present with a non-null value. */
    public boolean has(String key) {
        return !child(key).missing();
    }

    /** The keys of a mapping, in file order. */
    public List<String> keys() {
        List<String> out = new ArrayList<>();
        if (node.isObject()) {
            Iterator<String> it = node.fieldNames();
            it.forEachRemaining(out::add);
        }
        return out;
    }

    /** Fails unless this is a mapping (or absent). */
    public YamlNode requireObject() {
        if (!missing() && !node.isObject()) {
            throw error("expected a mapping of keys, got " + describe());
        }
        return this;
    }

    /**
     * Fails on the first key that is not allowed, with a "did you mean".
     *
     * @param allowed every key this section knows
     */
    public void allowOnly(Collection<String> allowed) {
        requireObject();
        for (String k : keys()) {
            if (!allowed.contains(k)) {
                throw HarnessException.config(where(k) + ": unknown key" + DidYouMean.hint(k, allowed) + " (known: "
                        + String.join(", ", allowed) + ")");
            }
        }
    }

    /** The elements of a list (an absent node is an empty list). */
    public List<YamlNode> list() {
        if (missing()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw error("expected a list, got " + describe());
        }
        List<YamlNode> out = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            out.add(new YamlNode(file, path + "[" + i + "]", node.get(i)));
        }
        return out;
    }

    /** A text value, or {@code dflt} when absent. */
    public String string(String dflt) {
        if (missing()) {
            return dflt;
        }
        if (node.isValueNode()) {
            return node.asText();
        }
        throw error("expected a text value, got " + describe());
    }

    /** A number, or {@code dflt} when absent. */
    public Double number(Double dflt) {
        if (missing()) {
            return dflt;
        }
        if (node.isNumber()) {
            return node.asDouble();
        }
        if (node.isTextual()) {
            String t = node.asText().strip();
            if (t.equalsIgnoreCase("inf") || t.equalsIgnoreCase("infinity")) {
                return Double.POSITIVE_INFINITY;
            }
            try {
                return Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw error("expected a number, got '" + t + "'");
            }
        }
        throw error("expected a number, got " + describe());
    }

    /** A whole number, or {@code dflt} when absent. */
    public Long integer(Long dflt) {
        Double d = number(dflt == null ? null : dflt.doubleValue());
        if (d == null) {
            return null;
        }
        if (d != Math.rint(d) || Double.isInfinite(d)) {
            throw error("expected a whole number, got " + node.asText());
        }
        return d.longValue();
    }

    /** A whole number that fits an int, or {@code dflt} when absent. */
    public Integer integer(Integer dflt) {
        Long v = integer(dflt == null ? null : dflt.longValue());
        if (v == null) {
            return null;
        }
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw error("out of range: " + v);
        }
        return v.intValue();
    }

    /** A boolean, or {@code dflt} when absent. */
    public boolean bool(boolean dflt) {
        if (missing()) {
            return dflt;
        }
        if (node.isBoolean()) {
            return node.asBoolean();
        }
        String t = node.asText().strip().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw error("expected true or false, got '" + node.asText() + "'");
        };
    }

    /** A mapping of text to text (e.g. headers). */
    public Map<String, String> stringMap() {
        Map<String, String> out = new LinkedHashMap<>();
        requireObject();
        for (String k : keys()) {
            out.put(k, child(k).string(""));
        }
        return out;
    }

    /** Fails when a key is present: {@code reason} says why it cannot be used here. */
    public void reject(String key, String reason) {
        if (has(key)) {
            throw HarnessException.config(where(key) + ": " + reason);
        }
    }

    /** A one-line error about this node. */
    public HarnessException error(String message) {
        return HarnessException.config(where() + ": " + message);
    }

    /** Checks a value lies in an allowed set, case-insensitively; returns it lower-cased. */
    public String oneOf(String dflt, Set<String> allowed) {
        String v = string(dflt);
        if (v == null) {
            return null;
        }
        String lower = v.strip().toLowerCase(Locale.ROOT);
        for (String a : allowed) {
            if (a.toLowerCase(Locale.ROOT).equals(lower)) {
                return a;
            }
        }
        throw error("unknown value '" + v + "'" + DidYouMean.hint(v, allowed) + " (known: " + String.join(", ", allowed)
                + ")");
    }

    private String describe() {
        if (node.isArray()) {
            return "a list";
        }
        if (node.isObject()) {
            return "a mapping";
        }
        return "'" + node.asText() + "'";
    }
}
