package io.llmharness.accuracy.answer;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Multiple-choice answers (GPQA A–D, MMLU-Pro A–J) as the DeepSeek-R1 and gpt-oss evaluators extract them.
 */
public final class ChoiceAnswer {

    private static final Pattern BOLD = Pattern.compile("\\*\\*([^*]+)\\*\\*");

    private ChoiceAnswer() {}

    /** {@code A-D} or {@code A-J}: the last letter of the option range. */
    private static char lastLetter(boolean tenOptions) {
        return tenOptions ? 'J' : 'D';
    }

    /** Bracket artefacts ({@code ['…']}) removed and the literal escapes {@code \n}, {@code \'} undone. */
    static String clean(String text) {
        String t = text.strip();
        if ((t.startsWith("['") || t.startsWith("[\"")) && (t.endsWith("']") || t.endsWith("\"]")) && t.length() >= 4) {
            t = t.substring(2, t.length() - 2).strip();
        }
        return t.replace("\\n", "\n").replace("\\'", "'");
    }

    private static Pattern answerPattern(char last) {
        return Pattern.compile(
                "\\b(?:ANSWER|FINAL\\s*ANSWER)\\b\\s*[:=]?\\s*\\(?\\s*([A-" + last + "])\\s*\\)?(?:\\s*$|[^A-Za-z])",
                Pattern.CASE_INSENSITIVE);
    }

    /** DeepSeek-R1: the last "ANSWER: X" / "FINAL ANSWER: X"; for MMLU-Pro then the last standalone letter. */
    public static String deepseek(String text, boolean tenOptions) {
        String t = clean(text);
        char last = lastLetter(tenOptions);
        String found = AimeAnswer.last(answerPattern(last), t);
        if (found == null && tenOptions) {
            found = AimeAnswer.last(Pattern.compile("\\b([A-J])\\b", Pattern.CASE_INSENSITIVE), t);
        }
        return found == null ? null : found.toUpperCase(Locale.ROOT);
    }

    /**
     * gpt-oss: in the final channel (bold removed, cleaned) a leading option letter, else the first "Answer: X", else
     * the DeepSeek pattern over the whole text, else (A–J) the last standalone letter of the final channel.
     */
    public static String gptOss(String finalSection, String fullText, boolean tenOptions) {
        char last = lastLetter(tenOptions);
        String f = clean(BOLD.matcher(finalSection).replaceAll("$1"));
        Matcher m = Pattern.compile("^[^A-Za-z]*([A-" + last + "])(?:[^A-Za-z]|$)", Pattern.CASE_INSENSITIVE)
                .matcher(f.strip());
        if (m.find()) {
            return m.group(1).toUpperCase(Locale.ROOT);
        }
        m = Pattern.compile("\\b(?:Answer|ANSWER)\\s*[:.]?\\s*([A-" + last + "])\\b")
                .matcher(f);
        if (m.find()) {
            return m.group(1).toUpperCase(Locale.ROOT);
        }
        String found = AimeAnswer.last(answerPattern(last), clean(fullText));
        if (found == null && tenOptions) {
            found = AimeAnswer.last(Pattern.compile("\\b([A-J])\\b", Pattern.CASE_INSENSITIVE), f);
        }
        return found == null ? null : found.toUpperCase(Locale.ROOT);
    }

    /** Whether {@code extracted} is a valid option equal to the reference letter. */
    public static boolean correct(String extracted, String reference, boolean tenOptions) {
        if (extracted == null || extracted.length() != 1) {
            return false;
        }
        char c = extracted.charAt(0);
        return c >= 'A'
                && c <= lastLetter(tenOptions)
                && extracted.equals(reference.strip().toUpperCase(Locale.ROOT));
    }
}
