package io.llmharness.accuracy.punkt;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Punkt's word tokenizer for the short context strings around a candidate sentence end, with nltk's English
 * character classes: multi-character punctuation, words that stop before whitespace, non-word characters or a
 * final comma, and any other single non-space character.
 */
final class PunktWords {

    /** Python's {@code \s} in Unicode mode (the characters for which {@code str.isspace()} is true). */
    static final String SPACE = "[\\t\\n\\x0B\\f\\r\\x1C-\\x1F \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}"
            + "\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}]";

    static final String NON_SPACE = "[^\\t\\n\\x0B\\f\\r\\x1C-\\x1F \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}"
            + "\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}]";

    static final String NON_WORD = "(?:[)\";}\\]*:@'({\\[!?])";

    private static final String MULTI_CHAR = "(?:-{2,}|\\.{2,}|(?:\\." + SPACE + "){2,}\\.)";
    private static final String WORD_START = "[^(\"`{\\[:;&#*@)}\\]\\-,]";

    private static final Pattern WORD = Pattern.compile(
            MULTI_CHAR
                    + "|(?=" + WORD_START + ")" + NON_SPACE + "+?(?=" + SPACE + "|$|" + NON_WORD + "|" + MULTI_CHAR
                    + "|,(?=$|" + SPACE + "|" + NON_WORD + "|" + MULTI_CHAR + "))"
                    + "|" + NON_SPACE,
            Pattern.UNIX_LINES);

    private PunktWords() {}

    /** The words of one line, left to right. */
    static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        Matcher m = WORD.matcher(line);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** The tokens of a context string: every non-blank line's words. */
    static List<PunktToken> tokens(String text) {
        List<PunktToken> out = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            if (!io.llmharness.accuracy.text.PyText.strip(line).isEmpty()) {
                for (String w : words(line)) {
                    out.add(new PunktToken(w));
                }
            }
        }
        return out;
    }
}
