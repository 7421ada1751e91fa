package io.llmharness.simulator.http;

import io.netty.buffer.Unpooled;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.buffer.BufferInternal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes compact JSON straight into bytes, the way Python's {@code json.dumps(..., separators=(",", ":"),
 * ensure_ascii=False)} does: non-ASCII text raw in UTF-8, control characters escaped. The hot path of every
 * response: no Jackson trees, one growing array, handed to Netty without a copy. Not thread-safe.
 */
final class JsonBytes {
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    private byte[] buf;
    private int len;

    JsonBytes(int capacity) {
        buf = new byte[Math.max(64, capacity)];
    }

    private void ensure(int extra) {
        if (len + extra > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
        }
    }

    /** Appends pre-encoded bytes. */
    JsonBytes raw(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, len, bytes.length);
        len += bytes.length;
        return this;
    }

    /** Appends ASCII text verbatim (structure, field names, numbers as text). */
    JsonBytes ascii(String s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[len++] = (byte) s.charAt(i);
        }
        return this;
    }

    JsonBytes ch(char c) {
        ensure(1);
        buf[len++] = (byte) c;
        return this;
    }

    JsonBytes num(long v) {
        if (v >= 0 && v < 10) {
            return ch((char) ('0' + v));
        }
        return ascii(Long.toString(v));
    }

    JsonBytes num(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return ascii("null");
        }
        return ascii(Double.toString(v));
    }

    JsonBytes bool(boolean v) {
        return ascii(v ? "true" : "false");
    }

    /** A quoted, escaped JSON string, or {@code null}. */
    JsonBytes str(String s) {
        if (s == null) {
            return ascii("null");
        }
        int n = s.length();
        ensure(n + 2);
        buf[len++] = '"';
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                if (len == buf.length) {
                    ensure(n - i + 1);
                }
                buf[len++] = (byte) c;
            } else if (c < 0x80) {
                escape(c);
            } else {
                int cp = Character.codePointAt(s, i);
                if (Character.isSurrogate(c) && Character.charCount(cp) == 1) {
                    cp = 0xFFFD;
                }
                utf8(cp);
                i += Character.charCount(cp) - 1;
            }
        }
        ensure(1);
        buf[len++] = '"';
        return this;
    }

    /** Appends the bytes of another writer. */
    JsonBytes append(JsonBytes other) {
        ensure(other.len);
        System.arraycopy(other.buf, 0, buf, len, other.len);
        len += other.len;
        return this;
    }

    private void escape(char c) {
        ensure(6);
        buf[len++] = '\\';
        switch (c) {
            case '"' -> buf[len++] = '"';
            case '\\' -> buf[len++] = '\\';
            case '\n' -> buf[len++] = 'n';
            case '\r' -> buf[len++] = 'r';
            case '\t' -> buf[len++] = 't';
            case '\b' -> buf[len++] = 'b';
            case '\f' -> buf[len++] = 'f';
            default -> {
                buf[len++] = 'u';
                buf[len++] = '0';
                buf[len++] = '0';
                buf[len++] = HEX[(c >> 4) & 0xF];
                buf[len++] = HEX[c & 0xF];
            }
        }
    }

    private void utf8(int cp) {
        ensure(4);
        if (cp < 0x800) {
            buf[len++] = (byte) (0xC0 | (cp >> 6));
            buf[len++] = (byte) (0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            buf[len++] = (byte) (0xE0 | (cp >> 12));
            buf[len++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            buf[len++] = (byte) (0x80 | (cp & 0x3F));
        } else {
            buf[len++] = (byte) (0xF0 | (cp >> 18));
            buf[len++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
            buf[len++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
            buf[len++] = (byte) (0x80 | (cp & 0x3F));
        }
    }

    /** A JSON array of ints. */
    JsonBytes ints(int[] values, int from, int to) {
        ch('[');
        for (int i = from; i < to; i++) {
            if (i > from) {
                ch(',');
            }
            num(values[i]);
        }
        return ch(']');
    }

    int length() {
        return len;
    }

    byte[] toBytes() {
        return Arrays.copyOf(buf, len);
    }

    /** The bytes as a Vert.x buffer (no copy; this writer must not be used afterwards). */
    Buffer toBuffer() {
        return BufferInternal.buffer(Unpooled.wrappedBuffer(buf, 0, len));
    }

    @Override
    public String toString() {
        return new String(buf, 0, len, StandardCharsets.UTF_8);
    }
}
