package io.llmharness.error;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * One line for a YAML syntax error, the same for every YAML file the harness reads (server configs, workload
 * profiles). The parser's own report of a tab in the indentation points one line early and gives no reason, so a
 * tab is found in the text itself and named: {@code line 7: a tab in the indentation; YAML indents with spaces}.
 */
public final class YamlSyntax {

    private YamlSyntax() {}

    /**
     * The message, without the file name: {@code line N[, column C]: not valid YAML: REASON}.
     *
     * @param text the YAML text (to find a tab), or null when it is not at hand
     * @param e the parser's error
     */
    public static String describe(String text, JsonProcessingException e) {
        int tab = firstIndentTab(text);
        if (tab > 0) {
            return "line " + tab + ": not valid YAML: a tab in the indentation; YAML indents with spaces only";
        }
        JsonLocation loc = e.getLocation();
        String at = loc == null || loc.getLineNr() <= 0
                ? ""
                : "line " + loc.getLineNr() + (loc.getColumnNr() > 0 ? ", column " + loc.getColumnNr() : "") + ": ";
        String reason =
                e.getOriginalMessage() == null ? "" : e.getOriginalMessage().strip();
        int nl = reason.indexOf('\n');
        return at + "not valid YAML: " + (nl > 0 ? reason.substring(0, nl) : reason);
    }

    /** The 1-based number of the first line whose indentation holds a tab, or 0. */
    static int firstIndentTab(String text) {
        if (text == null) {
            return 0;
        }
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            for (int j = 0; j < l.length(); j++) {
                char c = l.charAt(j);
                if (c == '\t') {
                    return i + 1;
                }
                if (c != ' ') {
                    break;
                }
            }
        }
        return 0;
    }
}
