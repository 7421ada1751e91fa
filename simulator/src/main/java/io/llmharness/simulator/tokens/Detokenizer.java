package io.llmharness.simulator.tokens;

import java.nio.charset.StandardCharsets;

/**
 * Incremental decoding of a token stream, like a server's detokenizer: text is released only when its UTF-8 bytes
 * are complete, so a token that carries half of a multi-byte character yields {@code ""} and the character appears
 * with the next token. Not thread-safe; one per output sequence.
 */
public final class Detokenizer {
    private final SimTokenizer tokenizer = SimTokenizer.INSTANCE;
    private byte[] pending = new byte[8];
    private int pendingLength;

    /** Adds one id and returns the text that became complete (often the whole piece, sometimes ""). */
    public String append(int id) {
        if (pendingLength == 0 && tokenizer.isAsciiPiece(id)) {
            return tokenizer.textOf(id);
        }
        byte[] bytes = tokenizer.bytesOf(id);
        if (pendingLength + bytes.length > pending.length) {
            pending = java.util.Arrays.copyOf(pending, Math.max(pending.length * 2, pendingLength + bytes.length));
        }
        System.arraycopy(bytes, 0, pending, pendingLength, bytes.length);
        pendingLength += bytes.length;
        int complete = completePrefix(pending, pendingLength);
        if (complete == 0) {
            return "";
        }
        String text = new String(pending, 0, complete, StandardCharsets.UTF_8);
        System.arraycopy(pending, complete, pending, 0, pendingLength - complete);
        pendingLength -= complete;
        return text;
    }

    /** Releases whatever is still held back (an incomplete character becomes U+FFFD). */
    public String flush() {
        if (pendingLength == 0) {
            return "";
        }
        String text = new String(pending, 0, pendingLength, StandardCharsets.UTF_8);
        pendingLength = 0;
        return text;
    }

    /**
     * Length of the longest prefix that does not end inside a multi-byte sequence. Invalid bytes count as complete
     * (they decode to U+FFFD) so nothing is held back forever.
     */
    static int completePrefix(byte[] buf, int length) {
        int start = length - 1;
        int back = 0;
        while (start >= 0 && back < 3 && (buf[start] & 0xC0) == 0x80) {
            start--;
            back++;
        }
        if (start < 0) {
            return length;
        }
        int lead = buf[start] & 0xFF;
        int need;
        if (lead >= 0xF0 && lead <= 0xF4) {
            need = 4;
        } else if (lead >= 0xE0) {
            need = lead <= 0xEF ? 3 : 1;
        } else if (lead >= 0xC2) {
            need = 2;
        } else {
            need = 1;
        }
        return length - start >= need ? length : start;
    }
}
