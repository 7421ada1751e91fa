package io.llmharness.simulator.request;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The completions {@code prompt} as vLLM's pydantic model types it, {@code list[int] | list[list[int]] | str |
 * list[str]}: a value none of the four accepts is one schema error per member, each located under the member's
 * name ({@code ('body', 'prompt', 'list[int]', 3)}), as pydantic reports a failed union.
 */
final class PromptUnion {
    private PromptUnion() {}

    /** Throws the union's validation error unless one member accepts {@code prompt}. */
    static void check(JsonNode prompt) {
        List<String> errors = new ArrayList<>();
        if (intList(prompt, "prompt.list[int]", errors)
                | listOfIntLists(prompt, errors)
                | str(prompt, "prompt.str", errors)
                | strList(prompt, errors)) {
            return;
        }
        throw ApiError.validation(errors);
    }

    private static boolean intList(JsonNode v, String loc, List<String> errors) {
        if (!v.isArray()) {
            return listType(v, loc, errors);
        }
        boolean ok = true;
        for (int i = 0; i < v.size(); i++) {
            ok &= integer(v.get(i), loc + "." + i, errors);
        }
        return ok;
    }

    private static boolean listOfIntLists(JsonNode v, List<String> errors) {
        String loc = "prompt.list[list[int]]";
        if (!v.isArray()) {
            return listType(v, loc, errors);
        }
        boolean ok = true;
        for (int i = 0; i < v.size(); i++) {
            ok &= intList(v.get(i), loc + "." + i, errors);
        }
        return ok;
    }

    private static boolean strList(JsonNode v, List<String> errors) {
        String loc = "prompt.list[str]";
        if (!v.isArray()) {
            return listType(v, loc, errors);
        }
        boolean ok = true;
        for (int i = 0; i < v.size(); i++) {
            ok &= str(v.get(i), loc + "." + i, errors);
        }
        return ok;
    }

    private static boolean str(JsonNode v, String loc, List<String> errors) {
        if (v.isTextual()) {
            return true;
        }
        errors.add(ApiError.errorDict(loc, "string_type", "Input should be a valid string", Params.repr(v)));
        return false;
    }

    private static boolean listType(JsonNode v, String loc, List<String> errors) {
        errors.add(ApiError.errorDict(loc, "list_type", "Input should be a valid list", Params.repr(v)));
        return false;
    }

    /** pydantic's lax integer: integral numbers, integral floats, numeric strings, booleans. */
    private static boolean integer(JsonNode v, String loc, List<String> errors) {
        if (v.isIntegralNumber() || v.isBoolean()) {
            return true;
        }
        if (v.isNumber()) {
            if (v.doubleValue() == Math.rint(v.doubleValue())) {
                return true;
            }
            errors.add(ApiError.errorDict(
                    loc,
                    "int_from_float",
                    "Input should be a valid integer, got a number with a fractional part",
                    Params.repr(v)));
            return false;
        }
        if (v.isTextual()) {
            try {
                new BigDecimal(v.asText().trim()).toBigIntegerExact();
                return true;
            } catch (NumberFormatException | ArithmeticException e) {
                errors.add(ApiError.errorDict(
                        loc,
                        "int_parsing",
                        "Input should be a valid integer, unable to parse string as an integer",
                        Params.repr(v)));
                return false;
            }
        }
        errors.add(ApiError.errorDict(loc, "int_type", "Input should be a valid integer", Params.repr(v)));
        return false;
    }
}
