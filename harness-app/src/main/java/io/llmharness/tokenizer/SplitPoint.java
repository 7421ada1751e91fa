package io.llmharness.tokenizer;

/** Where to cut a text in two so that tokenizing the halves separately gives the same ids as the whole. */
final class SplitPoint {

    private SplitPoint() {}

    /**
     * An index near the middle of {@code text} just before a space that follows a non-space character (a word
     * boundary every byte-level BPE pre-tokenizer splits at); else a character boundary near the middle that does not
     * cut a surrogate pair; 0 when the text is too short to split.
     */
    static int of(String text) {
        int n = text.length();
        if (n < 2) {
            return 0;
        }
        int mid = n / 2;
        for (int d = 0; d < mid; d++) {
            if (isBoundary(text, mid - d)) {
                return mid - d;
            }
            if (mid + d < n && isBoundary(text, mid + d)) {
                return mid + d;
            }
        }
        int cut = Character.isLowSurrogate(text.charAt(mid)) ? mid + 1 : mid;
        return cut < n ? cut : 0;
    }

    private static boolean isBoundary(String text, int i) {
        return i > 0 && text.charAt(i) == ' ' && !Character.isWhitespace(text.charAt(i - 1));
    }
}
