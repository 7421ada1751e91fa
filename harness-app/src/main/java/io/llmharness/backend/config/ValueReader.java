package io.llmharness.backend.config;

import com.fasterxml.jackson.databind.JsonNode;
import io.llmharness.error.HarnessException;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Typed conversion of {@link Sourced} values; every failure is one line naming the value's origin. */
final class ValueReader {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|sec|m|min|h)?");

    private ValueReader() {}

    static String string(Sourced s) {
        if (!s.isNode()) {
            return (String) s.value();
        }
        JsonNode n = s.node();
        if (n.isTextual() || n.isNumber()) {
            return n.asText();
        }
        throw wrongType(s, "a string");
    }

    static int integer(Sourced s, int min, int max) {
        String text;
        if (s.isNode() && s.node().isIntegralNumber()) {
            text = s.node().asText();
        } else if (s.isNode() && !s.node().isTextual()) {
            throw wrongType(s, "an integer from " + min + " to " + max);
        } else {
            text = string(s).trim();
        }
        try {
            long v = Long.parseLong(text);
            if (v < min || v > max) {
                throw HarnessException.config(
                        s.origin() + ": " + v + " is out of range; use an integer from " + min + " to " + max);
            }
            return (int) v;
        } catch (NumberFormatException e) {
            throw HarnessException.config(
                    s.origin() + ": expected an integer from " + min + " to " + max + ", got '" + text + "'");
        }
    }

    static boolean bool(Sourced s) {
        if (s.isNode() && s.node().isBoolean()) {
            return s.node().booleanValue();
        }
        if (s.isNode() && !s.node().isTextual() && !s.node().isIntegralNumber()) {
            throw wrongType(s, "true or false");
        }
        String t = string(s).trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw HarnessException.config(s.origin() + ": expected true or false, got '" + t + "'");
        };
    }

    /** Seconds as a number ({@code 30}, {@code 0.5}) or text with a unit ({@code 500ms}, {@code 30s}, {@code 20m}, {@code 1h}). */
    static Duration duration(Sourced s) {
        String t;
        if (s.isNode() && s.node().isNumber()) {
            t = s.node().asText();
        } else if (s.isNode() && !s.node().isTextual()) {
            throw wrongType(s, "a duration in seconds (e.g. 30, 0.5, 500ms, 20m)");
        } else {
            t = string(s).trim().toLowerCase(Locale.ROOT);
        }
        Matcher m = DURATION.matcher(t);
        if (!m.matches()) {
            throw HarnessException.config(
                    s.origin() + ": expected a duration in seconds (e.g. 30, 0.5, 500ms, 20m), got '" + t + "'");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double millis = switch (unit) {
            case "ms" -> amount;
            case "m", "min" -> amount * 60_000;
            case "h" -> amount * 3_600_000;
            default -> amount * 1000;
        };
        return Duration.ofMillis(Math.round(millis));
    }

    static HarnessException wrongType(Sourced s, String expected) {
        return HarnessException.config(s.origin() + ": expected " + expected + ", got " + describe(s.node()));
    }

    static String describe(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return "no value";
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isObject()) {
            return "a mapping";
        }
        return n.isTextual() ? "'" + n.asText() + "'" : n.asText();
    }
}
