package io.llmharness.simulator.request;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads guided-decoding requests: {@code response_format} (json_schema, json_object, text, structural_tag),
 * {@code structured_outputs} ({@code json}, {@code json_object}, {@code choice}, {@code regex}, {@code grammar},
 * {@code structural_tag}) and SGLang's {@code json_schema} string. Regex, grammar and structural tags are accepted
 * and ignored (returned as null).
 */
public final class Constraints {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Constraints() {}

    /** The constraint of an OpenAI-style body, or null. */
    public static Constraint parse(JsonNode body) {
        Constraint fromFormat = responseFormat(Params.optObject(body, "response_format", "response_format"));
        JsonNode so = Params.optObject(body, "structured_outputs", "structured_outputs");
        if (so != null) {
            return structuredOutputs(so);
        }
        if (fromFormat != null) {
            return fromFormat;
        }
        String sglangSchema = Params.optString(body, "json_schema", "json_schema");
        return sglangSchema == null ? null : schemaString(sglangSchema, "json_schema");
    }

    static Constraint responseFormat(JsonNode rf) {
        if (rf == null) {
            return null;
        }
        String type = Params.optString(rf, "type", "response_format.type");
        if (type == null) {
            throw ApiError.validation("response_format.type", "missing", "Field required", null);
        }
        return switch (type) {
            case "json_schema" -> {
                JsonNode js = Params.optObject(rf, "json_schema", "response_format.json_schema");
                if (js == null) {
                    throw ApiError.badRequest(
                            "When response_format type is 'json_schema', the 'json_schema' field must be provided.",
                            "response_format");
                }
                JsonNode schema = js.has("schema") ? js.get("schema") : js.get("json_schema");
                yield schema == null || schema.isNull()
                        ? new Constraint.AnyJsonObject()
                        : new Constraint.Schema(schema);
            }
            case "json_object" -> new Constraint.AnyJsonObject();
            case "text", "structural_tag" -> null;
            default ->
                throw ApiError.validation(
                        "response_format.type",
                        "literal_error",
                        "Input should be 'text', 'json_object', 'json_schema' or 'structural_tag'",
                        "'" + type + "'");
        };
    }

    static Constraint structuredOutputs(JsonNode so) {
        List<String> kinds = new ArrayList<>();
        for (String k : new String[] {"json", "regex", "choice", "grammar", "json_object", "structural_tag"}) {
            JsonNode v = so.get(k);
            if (v != null && !v.isNull() && !(v.isBoolean() && !v.booleanValue())) {
                kinds.add(k);
            }
        }
        if (kinds.size() > 1) {
            throw ApiError.badRequest(
                    "You can only use one kind of structured outputs constraint but multiple are " + "specified: "
                            + kinds,
                    "structured_outputs");
        }
        if (kinds.isEmpty()) {
            return null;
        }
        JsonNode v = so.get(kinds.get(0));
        return switch (kinds.get(0)) {
            case "json" ->
                v.isTextual() ? schemaString(v.asText(), "structured_outputs.json") : new Constraint.Schema(v);
            case "json_object" -> new Constraint.AnyJsonObject();
            case "choice" -> {
                List<String> choices = Params.stringOrList(so, "choice", "structured_outputs.choice");
                if (choices.isEmpty()) {
                    throw ApiError.badRequest("structured_outputs.choice must not be empty", "structured_outputs");
                }
                yield new Constraint.Choice(choices);
            }
            default -> null;
        };
    }

    /** A schema given as a JSON string (SGLang {@code json_schema}, vLLM {@code structured_outputs.json}). */
    static Constraint schemaString(String text, String param) {
        try {
            return new Constraint.Schema(MAPPER.readTree(text));
        } catch (JsonProcessingException e) {
            throw ApiError.badRequest("Invalid JSON schema: " + e.getOriginalMessage(), param);
        }
    }
}
