package io.llmharness.accuracy.answer;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mixtral's GSM8K scoring: the text before the first {@code "\nQ:"}, the first number after the last
 * {@code "The answer is"} (else the last number of the text), commas removed, compared with the reference as
 * Python floats.
 */
public final class Gsm8kAnswer {

    private static final Pattern NUMBER = Pattern.compile("-?[\\d,]*\\.?\\d+", Pattern.UNICODE_CHARACTER_CLASS);

    private Gsm8kAnswer() {}

    /** The extracted answer without commas, "" when the text has no number. */
    public static String extract(String text) {
        int cut = text.indexOf("\nQ:");
        String t = cut >= 0 ? text.substring(0, cut) : text;
        int marker = t.lastIndexOf("The answer is");
        if (marker >= 0) {
            Matcher m = NUMBER.matcher(t.substring(marker + "The answer is".length()));
            if (m.find()) {
                return m.group().replace(",", "");
            }
        }
        String last = "";
        Matcher m = NUMBER.matcher(t);
        while (m.find()) {
            last = m.group();
        }
        return last.replace(",", "");
    }

    /** Whether the response's answer equals the reference as floats. */
    public static boolean correct(String response, String reference) {
        Double pred = PyFloat.parse(extract(response));
        Double ref = PyFloat.parse(reference);
        return pred != null && ref != null && pred.doubleValue() == ref.doubleValue();
    }
}
