package io.llmharness.accuracy.answer;

import java.util.Locale;
import java.util.regex.Pattern;

/** Python's {@code float(str)}: what it accepts and the value it gives. */
public final class PyFloat {

    private static final String DIGITS = "\\d(?:_?\\d)*";
    private static final Pattern NUMBER = Pattern.compile(
            "[+-]?(?:" + DIGITS + "(?:\\." + "(?:" + DIGITS + ")?)?|\\." + DIGITS + ")(?:[eE][+-]?" + DIGITS + ")?");
    private static final Pattern SPECIAL = Pattern.compile("[+-]?(?:inf|infinity|nan)");

    private PyFloat() {}

    /** The value, or null where Python raises {@code ValueError}. */
    public static Double parse(String s) {
        if (s == null) {
            return null;
        }
        String t = io.llmharness.accuracy.text.PyText.strip(s);
        if (SPECIAL.matcher(t.toLowerCase(Locale.ROOT)).matches()) {
            String v = t.toLowerCase(Locale.ROOT);
            boolean neg = v.startsWith("-");
            if (v.contains("nan")) {
                return Double.NaN;
            }
            return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (!isAsciiDigits(t) || !NUMBER.matcher(t).matches()) {
            return null;
        }
        return Double.parseDouble(t.replace("_", ""));
    }

    /** Python also accepts non-ASCII decimal digits; they are mapped to ASCII first. */
    private static boolean isAsciiDigits(String t) {
        return t.chars().allMatch(c -> c < 128);
    }
}
