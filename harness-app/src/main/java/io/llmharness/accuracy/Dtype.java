package io.llmharness.accuracy;

import io.llmharness.error.HarnessException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Locale;

/**
 * How the bytes of a logged response are read as token ids: packed little-endian integers of this width, as numpy's
 * {@code np.frombuffer(..., dtype)} reads them. The reference SUTs and every documented evaluator command use int32.
 */
public enum Dtype {
    INT16(2),
    INT32(4),
    INT64(8);

    private final int width;

    Dtype(int width) {
        this.width = width;
    }

    /** Bytes per id. */
    public int width() {
        return width;
    }

    /** The numpy name, e.g. {@code int32}. */
    public String pyName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses {@code int16}, {@code int32} or {@code int64}.
     *
     * @throws HarnessException usage error naming {@code flag}
     */
    public static Dtype parse(String value, String flag) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (Dtype d : values()) {
            if (d.pyName().equals(v)) {
                return d;
            }
        }
        String hint = v.equals("float32") || v.equals("float")
                ? " (float32 payloads are not token ids; the reference SUTs log int32)"
                : "";
        throw HarnessException.usage(flag + " '" + value + "': use int32, int64 or int16" + hint);
    }

    /**
     * The ids in {@code bytes}.
     *
     * @throws IllegalArgumentException when the length is not a multiple of the width (numpy refuses such a buffer)
     */
    public long[] decode(byte[] bytes) {
        if (bytes.length % width != 0) {
            throw new IllegalArgumentException(
                    bytes.length + " bytes are not a whole number of " + pyName() + " values");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long[] out = new long[bytes.length / width];
        for (int i = 0; i < out.length; i++) {
            out[i] = switch (this) {
                case INT16 -> b.getShort();
                case INT32 -> b.getInt();
                case INT64 -> b.getLong();
            };
        }
        return out;
    }

    /** The ids as ints (token ids always fit); see {@link #decode}. */
    public int[] ids(byte[] bytes) {
        long[] v = decode(bytes);
        int[] out = new int[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v[i]));
        }
        return out;
    }
}
