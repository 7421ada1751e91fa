package io.llmharness.simulator.output;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.simulator.tokens.SimTokenizer;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Writes a random JSON document that satisfies a simple JSON schema, for guided-decoding requests. Supported:
 * {@code type} object / array / string / integer / number / boolean / null (or a list of types: the first is used),
 * {@code properties} (every property is written, in schema order), {@code items}, {@code enum}, {@code const},
 * {@code minimum}/{@code maximum}, {@code minItems}/{@code maxItems}, {@code anyOf}/{@code oneOf} (first
 * alternative) and local {@code $ref}s into {@code $defs}/{@code definitions}. Anything else falls back to a short
 * string. Strings are one to three random lowercase words; numbers are small. Deterministic for a given random source.
 */
public final class SchemaSampler {
    private static final int MAX_DEPTH = 8;
    private final JsonNode root;
    private final SplittableRandom rng;
    private final StringBuilder out = new StringBuilder();

    private SchemaSampler(JsonNode root, SplittableRandom rng) {
        this.root = root;
        this.rng = rng;
    }

    /** A JSON text valid against {@code schema} (for the supported subset). */
    public static String sample(JsonNode schema, SplittableRandom rng) {
        SchemaSampler s = new SchemaSampler(schema, rng);
        s.write(schema, 0);
        return s.out.toString();
    }

    /** A small JSON object for {@code response_format: json_object}. */
    public static String sampleObject(SplittableRandom rng) {
        SchemaSampler s = new SchemaSampler(null, rng);
        s.out.append("{\"");
        s.words(1);
        s.out.append("\": \"");
        s.words(2);
        s.out.append("\"}");
        return s.out.toString();
    }

    private void write(JsonNode schema, int depth) {
        schema = resolve(schema);
        if (schema == null || !schema.isObject() || depth > MAX_DEPTH) {
            out.append("null");
            return;
        }
        if (schema.has("const")) {
            out.append(schema.get("const").toString());
            return;
        }
        JsonNode en = schema.get("enum");
        if (en != null && en.isArray() && !en.isEmpty()) {
            out.append(en.get(rng.nextInt(en.size())).toString());
            return;
        }
        for (String alt : List.of("anyOf", "oneOf", "allOf")) {
            JsonNode options = schema.get(alt);
            if (options != null && options.isArray() && !options.isEmpty()) {
                write(options.get(0), depth + 1);
                return;
            }
        }
        switch (typeOf(schema)) {
            case "object" -> object(schema, depth);
            case "array" -> array(schema, depth);
            case "integer" -> out.append(integer(schema));
            case "number" -> out.append(integer(schema)).append('.').append(rng.nextInt(10));
            case "boolean" -> out.append(rng.nextBoolean());
            case "null" -> out.append("null");
            default -> {
                out.append('"');
                words(1 + rng.nextInt(3));
                out.append('"');
            }
        }
    }

    private static String typeOf(JsonNode schema) {
        JsonNode type = schema.get("type");
        if (type != null && type.isArray() && !type.isEmpty()) {
            type = type.get(0);
        }
        if (type != null && type.isTextual()) {
            return type.asText();
        }
        if (schema.has("properties")) {
            return "object";
        }
        return schema.has("items") ? "array" : "string";
    }

    private void object(JsonNode schema, int depth) {
        out.append('{');
        JsonNode props = schema.get("properties");
        boolean first = true;
        if (props != null && props.isObject()) {
            for (Map.Entry<String, JsonNode> e : props.properties()) {
                if (!first) {
                    out.append(", ");
                }
                first = false;
                out.append(com.fasterxml.jackson.databind.node.TextNode.valueOf(e.getKey()))
                        .append(": ");
                write(e.getValue(), depth + 1);
            }
        }
        out.append('}');
    }

    private void array(JsonNode schema, int depth) {
        int min = schema.path("minItems").asInt(1);
        int max = Math.max(min, schema.path("maxItems").asInt(Math.max(min, 3)));
        int count = Math.min(max, min + rng.nextInt(Math.min(3, max - min + 1)));
        out.append('[');
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.append(", ");
            }
            write(schema.get("items"), depth + 1);
        }
        out.append(']');
    }

    private long integer(JsonNode schema) {
        long lo = schema.has("minimum") ? (long) Math.ceil(schema.get("minimum").asDouble()) : 0;
        long hi =
                schema.has("maximum") ? (long) Math.floor(schema.get("maximum").asDouble()) : lo + 1000;
        if (hi < lo) {
            return lo;
        }
        return lo + (long) (rng.nextDouble() * (hi - lo + 1));
    }

    private void words(int count) {
        for (int i = 0; i < count; i++) {
            String w = SimTokenizer.INSTANCE.pieceOf(SimTokenizer.WORD_BASE + rng.nextInt(SimTokenizer.LOWER_WORDS));
            out.append(i == 0 ? w.substring(1) : w);
        }
    }

    private JsonNode resolve(JsonNode schema) {
        int hops = 0;
        while (schema != null && schema.has("$ref") && hops++ < MAX_DEPTH) {
            String ref = schema.get("$ref").asText();
            if (!ref.startsWith("#/") || root == null) {
                return null;
            }
            schema = root.at(ref.substring(1));
            if (schema.isMissingNode()) {
                return null;
            }
        }
        return schema;
    }
}
