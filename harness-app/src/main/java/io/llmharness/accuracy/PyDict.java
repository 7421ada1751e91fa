package io.llmharness.accuracy;

import io.llmharness.accuracy.text.PyNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Prints a result dict the way Python prints one ({@code {'key': value, ...}}) so that the submission checker's
 * regular expressions read it: integers bare, floats in plain decimal, strings in single quotes. Values are
 * {@link Long}/{@link Integer}, {@link Double} or {@link String}, in the map's order.
 */
public final class PyDict {

    private PyDict() {}

    /** The one-line repr of the map. */
    public static String repr(Map<String, ?> values) {
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add("'" + k + "': " + value(v)));
        return "{" + String.join(", ", parts) + "}";
    }

    static String value(Object v) {
        if (v instanceof Double d) {
            return PyNumbers.plain(d);
        }
        if (v instanceof Float f) {
            return PyNumbers.plain(f);
        }
        if (v instanceof String s) {
            return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
        }
        return String.valueOf(v);
    }
}
