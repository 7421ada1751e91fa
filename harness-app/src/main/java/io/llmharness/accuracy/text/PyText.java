package io.llmharness.accuracy.text;

/**
 * Python {@code str} semantics the reference evaluators rely on, where Java differs: {@code strip()} with no
 * argument (Python's whitespace set, which includes U+0085, U+00A0, U+2007 and U+202F that Java's
 * {@link String#strip()} keeps) and {@code len()} (code points, not UTF-16 units).
 */
public final class PyText {

    private PyText() {}

    /** Whether Python's {@code str.isspace()} is true for this code point. */
    public static boolean isSpace(int cp) {
        return switch (cp) {
            case '\t',
                    '\n',
                    0x0B,
                    '\f',
                    '\r',
                    0x1C,
                    0x1D,
                    0x1E,
                    0x1F,
                    ' ',
                    0x85,
                    0xA0,
                    0x1680,
                    0x2028,
                    0x2029,
                    0x202F,
                    0x205F,
                    0x3000 -> true;
            default -> cp >= 0x2000 && cp <= 0x200A;
        };
    }

    /** Python {@code s.strip()}: removes leading and trailing whitespace as {@link #isSpace} defines it. */
    public static String strip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end) {
            int cp = s.codePointAt(start);
            if (!isSpace(cp)) {
                break;
            }
            start += Character.charCount(cp);
        }
        while (end > start) {
            int cp = s.codePointBefore(end);
            if (!isSpace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(start, end);
    }

    /** Python {@code s.rstrip()}. */
    public static String rstrip(String s) {
        int end = s.length();
        while (end > 0) {
            int cp = s.codePointBefore(end);
            if (!isSpace(cp)) {
                break;
            }
            end -= Character.charCount(cp);
        }
        return s.substring(0, end);
    }

    /** Python {@code len(s)}: the number of code points. */
    public static int len(String s) {
        return s.codePointCount(0, s.length());
    }
}
