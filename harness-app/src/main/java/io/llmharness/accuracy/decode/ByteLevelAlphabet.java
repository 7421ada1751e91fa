package io.llmharness.accuracy.decode;

/**
 * GPT-2's byte-to-character table used by byte-level BPE vocabularies: printable Latin-1 bytes ({@code !}–{@code ~},
 * {@code ¡}–{@code ¬}, {@code ®}–{@code ÿ}) stand for themselves, the other 68 bytes for the code points from 256
 * upwards in byte order.
 */
final class ByteLevelAlphabet {

    /** Code point → byte, -1 where a code point stands for no byte. */
    private static final int[] BYTE_OF = new int[256 + 68];

    static {
        java.util.Arrays.fill(BYTE_OF, -1);
        int next = 256;
        for (int b = 0; b < 256; b++) {
            boolean printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
            BYTE_OF[printable ? b : next++] = b;
        }
    }

    private ByteLevelAlphabet() {}

    /** The bytes a token stands for, or null when a character of it is outside the table. */
    static byte[] toBytes(String token) {
        byte[] out = new byte[token.length()];
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            int b = c < BYTE_OF.length ? BYTE_OF[c] : -1;
            if (b < 0) {
                return null;
            }
            out[i] = (byte) b;
        }
        return out;
    }
}
