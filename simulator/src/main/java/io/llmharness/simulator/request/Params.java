package io.llmharness.simulator.request;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Typed, lax reading of request fields with pydantic-style errors (as FastAPI servers produce them): integers
 * accept integral numbers and numeric strings, booleans accept {@code "true"}/{@code "false"}, a JSON {@code null}
 * means "not given". Every error names the dotted field path.
 */
public final class Params {
    private Params() {}

    /** The field, or null when absent or JSON null. */
    public static JsonNode field(JsonNode obj, String name) {
        JsonNode v = obj.get(name);
        return v == null || v.isNull() ? null : v;
    }

    public static Integer optInt(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        return v == null ? null : toInt(v, path);
    }

    public static long toLong(JsonNode v, String path) {
        if (v.isIntegralNumber()) {
            if (!v.canConvertToLong()) {
                throw ApiError.validation(path, "int_parsing", "Input should be a valid integer", v.toString());
            }
            return v.longValue();
        }
        if (v.isNumber()) {
            double d = v.doubleValue();
            if (d != Math.rint(d)) {
                throw ApiError.validation(
                        path,
                        "int_from_float",
                        "Input should be a valid integer, got a number with a fractional part",
                        v.toString());
            }
            return (long) d;
        }
        if (v.isTextual()) {
            try {
                return new BigDecimal(v.asText().trim()).longValueExact();
            } catch (NumberFormatException | ArithmeticException e) {
                throw ApiError.validation(
                        path,
                        "int_parsing",
                        "Input should be a valid integer, unable to parse string as an integer",
                        repr(v));
            }
        }
        if (v.isBoolean()) {
            return v.booleanValue() ? 1 : 0;
        }
        throw ApiError.validation(path, "int_type", "Input should be a valid integer", repr(v));
    }

    public static int toInt(JsonNode v, String path) {
        long l = toLong(v, path);
        if (l > Integer.MAX_VALUE || l < Integer.MIN_VALUE) {
            // Python ints are unbounded; values this large are rejected later as semantic errors anyway.
            return l > 0 ? Integer.MAX_VALUE : Integer.MIN_VALUE;
        }
        return (int) l;
    }

    public static Long optLong(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        return v == null ? null : toLong(v, path);
    }

    public static Double optDouble(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        if (v == null) {
            return null;
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        if (v.isTextual()) {
            try {
                return Double.parseDouble(v.asText().trim());
            } catch (NumberFormatException e) {
                throw ApiError.validation(
                        path,
                        "float_parsing",
                        "Input should be a valid number, unable to parse string as a number",
                        repr(v));
            }
        }
        if (v.isBoolean()) {
            return v.booleanValue() ? 1.0 : 0.0;
        }
        throw ApiError.validation(path, "float_type", "Input should be a valid number", repr(v));
    }

    public static Boolean optBool(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        if (v == null) {
            return null;
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isTextual()) {
            switch (v.asText().trim().toLowerCase(java.util.Locale.ROOT)) {
                case "true", "1", "yes", "on", "t", "y" -> {
                    return true;
                }
                case "false", "0", "no", "off", "f", "n" -> {
                    return false;
                }
                default -> {}
            }
        }
        if (v.isIntegralNumber() && (v.longValue() == 0 || v.longValue() == 1)) {
            return v.longValue() == 1;
        }
        String type = v.isTextual() || v.isNumber() ? "bool_parsing" : "bool_type";
        String msg = type.equals("bool_parsing")
                ? "Input should be a valid boolean, unable to interpret input"
                : "Input should be a valid boolean";
        throw ApiError.validation(path, type, msg, repr(v));
    }

    public static boolean bool(JsonNode obj, String name, String path, boolean fallback) {
        Boolean b = optBool(obj, name, path);
        return b == null ? fallback : b;
    }

    public static String optString(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            throw ApiError.validation(path, "string_type", "Input should be a valid string", repr(v));
        }
        return v.asText();
    }

    /** A JSON object field, or null; anything else is a validation error. */
    public static JsonNode optObject(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        if (v != null && !v.isObject()) {
            throw ApiError.validation(
                    path,
                    "model_attributes_type",
                    "Input should be a valid dictionary or object to extract fields from",
                    repr(v));
        }
        return v;
    }

    /** A string or a list of strings (as {@code stop} accepts), or an empty list. */
    public static List<String> stringOrList(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        List<String> out = new ArrayList<>();
        if (v == null) {
            return out;
        }
        if (v.isTextual()) {
            out.add(v.asText());
            return out;
        }
        if (!v.isArray()) {
            throw ApiError.validation(path, "string_type", "Input should be a valid string", repr(v));
        }
        for (int i = 0; i < v.size(); i++) {
            JsonNode e = v.get(i);
            if (!e.isTextual()) {
                throw ApiError.validation(path + "." + i, "string_type", "Input should be a valid string", repr(e));
            }
            out.add(e.asText());
        }
        return out;
    }

    /** A list of integers, or an empty array. */
    public static int[] intList(JsonNode obj, String name, String path) {
        JsonNode v = field(obj, name);
        if (v == null) {
            return new int[0];
        }
        if (!v.isArray()) {
            throw ApiError.validation(path, "list_type", "Input should be a valid list", repr(v));
        }
        int[] out = new int[v.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode e = v.get(i);
            out[i] = e.isInt() ? e.intValue() : toInt(e, path + "." + i);
        }
        return out;
    }

    /**
     * Python's {@code repr()} of a JSON value as pydantic's error carries it ({@code None}, {@code True},
     * {@code 'text'}, {@code [1, 2]}, {@code {'a': 1}}); strings longer than 60 characters are cut with
     * {@code ...} so that a huge prompt does not make a huge error.
     */
    public static String repr(JsonNode v) {
        StringBuilder b = new StringBuilder();
        repr(v, b);
        return b.toString();
    }

    private static void repr(JsonNode v, StringBuilder b) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            b.append("None");
        } else if (v.isTextual()) {
            String s = v.asText();
            b.append(ApiError.pyStr(s.length() > 60 ? s.substring(0, 60) + "..." : s));
        } else if (v.isBoolean()) {
            b.append(v.booleanValue() ? "True" : "False");
        } else if (v.isArray()) {
            b.append('[');
            for (int i = 0; i < v.size(); i++) {
                b.append(i > 0 ? ", " : "");
                repr(v.get(i), b);
            }
            b.append(']');
        } else if (v.isObject()) {
            b.append('{');
            var it = v.fields();
            boolean first = true;
            while (it.hasNext()) {
                var e = it.next();
                b.append(first ? "" : ", ").append(ApiError.pyStr(e.getKey())).append(": ");
                repr(e.getValue(), b);
                first = false;
            }
            b.append('}');
        } else {
            b.append(v.toString());
        }
    }
}
