package io.llmharness.client.sse;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte searches over arrays, eight bytes at a time (SWAR: one {@code long} read, a few arithmetic operations per
 * word), for the scans every streamed chunk goes through: line ends for the SSE parser, quotes and backslashes for
 * the JSON cursor. The lowest matching byte of a word is exact; higher ones may be false positives and are never
 * used.
 */
public final class Bytes {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long LF = ONES * '\n';
    private static final long CR = ONES * '\r';
    private static final long QUOTE = ONES * '"';
    private static final long BACKSLASH = ONES * '\\';

    private Bytes() {}

    /** Index of the first {@code \n} or {@code \r} in {@code [from, to)}, or -1. */
    public static int indexOfLineEnd(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            long m = zeroBytes(w ^ LF) | zeroBytes(w ^ CR);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (b[i] == '\n' || b[i] == '\r') {
                return i;
            }
        }
        return -1;
    }

    /**
     * Index of the first {@code "}, {@code \} or control character (below 0x20) in {@code [from, to)}, or -1: where
     * a JSON string ends or needs a closer look.
     */
    public static int indexOfStringSpecial(byte[] b, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(b, i);
            // bytes below 0x20: (w - 0x20..) & ~w has the high bit set for them (exact for the lowest one)
            long m = zeroBytes(w ^ QUOTE) | zeroBytes(w ^ BACKSLASH) | ((w - ONES * 0x20) & ~w & HIGHS);
            if (m != 0) {
                return i + (Long.numberOfTrailingZeros(m) >>> 3);
            }
        }
        for (; i < to; i++) {
            byte c = b[i];
            if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) {
                return i;
            }
        }
        return -1;
    }

    /** High bit set in each byte of {@code w} that is zero (exact for the lowest such byte). */
    private static long zeroBytes(long w) {
        return (w - ONES) & ~w & HIGHS;
    }
}
