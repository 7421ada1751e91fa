package io.llmharness.client.sut;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** The byte payloads LoadGen logs for accuracy: int32 little-endian token ids, or UTF-8 text. */
public final class Payloads {

    private static final byte[] EMPTY = new byte[0];

    private Payloads() {}

    /** The first {@code count} ids as contiguous int32 little-endian. */
    public static byte[] int32le(int[] ids, int count) {
        if (ids == null || count == 0) {
            return EMPTY;
        }
        ByteBuffer b = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        b.asIntBuffer().put(ids, 0, count);
        return b.array();
    }

    /** Text as UTF-8; null gives an empty payload. */
    public static byte[] utf8(String text) {
        return text == null || text.isEmpty() ? EMPTY : text.getBytes(StandardCharsets.UTF_8);
    }

    /** The empty payload of a failed sample. */
    public static byte[] empty() {
        return EMPTY;
    }
}
