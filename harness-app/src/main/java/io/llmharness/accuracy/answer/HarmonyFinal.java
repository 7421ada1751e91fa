package io.llmharness.accuracy.answer;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** gpt-oss's Harmony format: the text of the {@code final} channel. */
public final class HarmonyFinal {

    private static final Pattern FINAL =
            Pattern.compile("<\\|channel\\|>final[^<]*<\\|message\\|>(.*?)(?:<\\|return\\|>|$)", Pattern.DOTALL);

    private HarmonyFinal() {}

    /** The final channel's text, stripped, or null when the text has no final channel. */
    public static String of(String text) {
        Matcher m = FINAL.matcher(text);
        return m.find() ? m.group(1).strip() : null;
    }
}
