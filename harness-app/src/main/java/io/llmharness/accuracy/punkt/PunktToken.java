package io.llmharness.accuracy.punkt;

import java.util.Locale;
import java.util.regex.Pattern;

/** One word of a Punkt context with the annotations of the two passes. Mutable; lives for one decision. */
final class PunktToken {

    private static final Pattern NUMERIC = Pattern.compile("-?[.,]?\\d[\\d,.-]*\\.?", Pattern.UNICODE_CHARACTER_CLASS);

    final String tok;
    final String type;
    final boolean periodFinal;
    boolean sentbreak;
    boolean abbr;
    boolean ellipsis;

    PunktToken(String tok) {
        this.tok = tok;
        String lower = tok.toLowerCase(Locale.ROOT);
        this.type = NUMERIC.matcher(lower).matches() ? "##number##" : lower;
        this.periodFinal = tok.endsWith(".");
    }

    String typeNoPeriod() {
        return type.length() > 1 && type.endsWith(".") ? type.substring(0, type.length() - 1) : type;
    }

    String typeNoSentPeriod() {
        return sentbreak ? typeNoPeriod() : type;
    }

    boolean firstUpper() {
        return !tok.isEmpty() && Character.isUpperCase(tok.codePointAt(0));
    }

    boolean firstLower() {
        return !tok.isEmpty() && Character.isLowerCase(tok.codePointAt(0));
    }

    /** Two or more periods and nothing else. */
    boolean isEllipsis() {
        if (tok.length() < 2) {
            return false;
        }
        for (int i = 0; i < tok.length(); i++) {
            if (tok.charAt(i) != '.') {
                return false;
            }
        }
        return true;
    }

    /** A single letter (or underscore) followed by a period. */
    boolean isInitial() {
        if (!tok.endsWith(".")) {
            return false;
        }
        String head = tok.substring(0, tok.length() - 1);
        if (head.isEmpty() || head.codePointCount(0, head.length()) != 1) {
            return false;
        }
        int cp = head.codePointAt(0);
        return Character.isLetter(cp) || cp == '_';
    }

    @Override
    public String toString() {
        return tok;
    }
}
