package io.llmharness.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.error.HarnessException;
import java.util.ArrayList;
import java.util.List;

/** Converts JSON values of a generation config to the Java type of each {@link GenParam}. */
final class GenParamValues {
    private GenParamValues() {}

    /**
     * @param where file and key, for the error message
     * @return the value, or {@code null} for JSON null (= unset)
     * @throws HarnessException config error when the type does not fit
     */
    static Object convert(GenParam param, JsonNode value, String where) {
        if (value.isNull()) {
            return null;
        }
        return switch (param) {
            case MAX_TOKENS, MIN_TOKENS, TOP_K -> {
                if (!value.isNumber() || !value.canConvertToExactIntegral() || !value.canConvertToInt()) {
                    throw typeError(where, "an integer", value);
                }
                yield value.asInt();
            }
            case SEED -> {
                if (!value.isNumber() || !value.canConvertToExactIntegral() || !value.canConvertToLong()) {
                    throw typeError(where, "an integer", value);
                }
                yield value.asLong();
            }
            case TEMPERATURE, TOP_P -> {
                if (!value.isNumber()) {
                    throw typeError(where, "a number", value);
                }
                yield value.asDouble();
            }
            case IGNORE_EOS -> {
                if (!value.isBoolean()) {
                    throw typeError(where, "true or false", value);
                }
                yield value.asBoolean();
            }
            case STOP -> stopList(value, where);
        };
    }

    private static List<String> stopList(JsonNode value, String where) {
        if (value.isTextual()) {
            return List.of(value.asText());
        }
        if (!value.isArray()) {
            throw typeError(where, "a string or a list of strings", value);
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw typeError(where, "a string or a list of strings", value);
            }
            out.add(item.asText());
        }
        return List.copyOf(out);
    }

    private static HarnessException typeError(String where, String expected, JsonNode got) {
        return HarnessException.config(where + ": expected " + expected + ", got " + got);
    }
}
