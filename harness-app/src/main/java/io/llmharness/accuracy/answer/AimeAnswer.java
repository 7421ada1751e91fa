package io.llmharness.accuracy.answer;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** AIME answers: the last {@code \boxed{N}}, else the last {@code Answer: N}; an integer 0–999. */
public final class AimeAnswer {

    private static final Pattern BOXED = Pattern.compile("\\\\boxed\\{\\s*(\\d+)\\s*\\}");
    private static final Pattern ANSWER = Pattern.compile("Answer:\\s*(\\d+)(?!\\.)", Pattern.CASE_INSENSITIVE);

    private AimeAnswer() {}

    /** The answer, or null when there is none or it is outside 0–999. */
    public static Integer extract(String text) {
        String found = last(BOXED, text);
        if (found == null) {
            found = last(ANSWER, text);
        }
        if (found == null) {
            return null;
        }
        try {
            int v = Integer.parseInt(found);
            return v >= 0 && v <= 999 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Whether the text's answer equals the reference integer. */
    public static boolean correct(String text, String reference) {
        Integer got = extract(text);
        if (got == null) {
            return false;
        }
        try {
            return got == Integer.parseInt(reference.strip());
        } catch (NumberFormatException e) {
            Double d = PyFloat.parse(reference);
            return d != null && d == got.doubleValue();
        }
    }

    static String last(Pattern p, String text) {
        Matcher m = p.matcher(text);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        return last;
    }
}
