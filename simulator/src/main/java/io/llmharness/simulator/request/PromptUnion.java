package io.llmharness.simulator.request;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The completions {@code prompt} as vLLM's pydantic model types it, {@code list[int] | list[list[int]] | str |
 * list[str]}: a value none of the four accepts is one schema error per member, each located under the member's
 * name ({@code ('body', 'prompt', 'list[int]', 3)}), as pydantic reports a failed union.
 *
 * <p>Every request's prompt passes through here, so an accepted prompt is decided first without building any
 * message (the {@code errors} list is null): a token-id prompt is rejected by {@code list[list[int]]} and
 * {@code list[str]} element by element, and rendering those rejections for every request halved the simulator's
 * zero-latency throughput. The messages are only built when no member accepts the prompt.
 */
final class PromptUnion {
    private PromptUnion() {}

    /** Throws the union's validation error unless one member accepts {@code prompt}. */
    static void check(JsonNode prompt) {
        // cheapest first: a token-id list fails list[str] at its first element, and a list of strings never
        // reaches list[int]'s numeric-string parse
        if (str(prompt, null, null)
                || strList(prompt, null)
                || intList(prompt, null, null)
                || listOfIntLists(prompt, null)) {
            return;
        }
        // no member accepts it: pydantic's errors, member by member in the union's order
        List<String> errors = new ArrayList<>();
        intList(prompt, "prompt.list[int]", errors);
        listOfIntLists(prompt, errors);
        str(prompt, "prompt.str", errors);
        strList(prompt, errors);
        throw ApiError.validation(errors);
    }

    private static boolean intList(JsonNode v, String loc, List<String> errors) {
        if (!v.isArray()) {
            return listType(v, loc, errors);
        }
        boolean ok = true;
        for (int i = 0; i < v.size() && (ok || errors != null); i++) {
            ok &= integer(v.get(i), errors == null ? null : loc + "." + i, errors);
        }
        return ok;
    }

    private static boolean listOfIntLists(JsonNode v, List<String> errors) {
        String loc = "prompt.list[list[int]]";
        if (!v.isArray()) {
            return listType(v, loc, errors);
        }
        boolean ok = true;
        for (int i = 0; i < v.size() && (ok || errors != null); i++) {
            ok &= intList(v.get(i), errors == null ? null : loc + "." + i, errors);
        }
        return ok;
    }

    private static boolean strList(JsonNode v, List<String> errors) {
        String loc = "prompt.list[str]";
        if (!v.isArray()) {
            return listType(v, loc, errors);
        }
        boolean ok = true;
        for (int i = 0; i < v.size() && (ok || errors != null); i++) {
            ok &= str(v.get(i), errors == null ? null : loc + "." + i, errors);
        }
        return ok;
    }

    private static boolean str(JsonNode v, String loc, List<String> errors) {
        if (v.isTextual()) {
            return true;
        }
        reject(errors, loc, "string_type", "Input should be a valid string", v);
        return false;
    }

    private static boolean listType(JsonNode v, String loc, List<String> errors) {
        reject(errors, loc, "list_type", "Input should be a valid list", v);
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
            reject(
                    errors,
                    loc,
                    "int_from_float",
                    "Input should be a valid integer, got a number with a fractional part",
                    v);
            return false;
        }
        if (v.isTextual()) {
            try {
                new BigDecimal(v.asText().trim()).toBigIntegerExact();
                return true;
            } catch (NumberFormatException | ArithmeticException e) {
                reject(
                        errors,
                        loc,
                        "int_parsing",
                        "Input should be a valid integer, unable to parse string as an integer",
                        v);
                return false;
            }
        }
        reject(errors, loc, "int_type", "Input should be a valid integer", v);
        return false;
    }

    /** Records one member's error, unless only deciding ({@code errors} null). */
    private static void reject(List<String> errors, String loc, String type, String msg, JsonNode v) {
        if (errors != null) {
            errors.add(ApiError.errorDict(loc, type, msg, Params.repr(v)));
        }
    }
}
