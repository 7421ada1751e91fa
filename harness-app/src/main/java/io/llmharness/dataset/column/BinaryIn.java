package io.llmharness.dataset.column;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;

/** Little-endian reader over a channel, the counterpart of {@link BinaryOut}. */
final class BinaryIn {
    private final ReadableByteChannel channel;
    private final ByteBuffer buf;

    BinaryIn(ReadableByteChannel channel) {
        this.channel = channel;
        this.buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
        buf.flip();
    }

    /** Reads from a buffer holding the whole content (e.g. a mapped file). */
    BinaryIn(ByteBuffer whole) {
        this.channel = null;
        this.buf = whole.order(ByteOrder.LITTLE_ENDIAN);
    }

    private void need(int n) throws IOException {
        if (buf.remaining() >= n) {
            return;
        }
        if (channel == null) {
            throw new EOFException("cache file is truncated");
        }
        buf.compact();
        while (buf.position() < n) {
            if (channel.read(buf) < 0) {
                throw new EOFException("cache file is truncated");
            }
        }
        buf.flip();
    }

    int getByte() throws IOException {
        need(1);
        return buf.get();
    }

    int getInt() throws IOException {
        need(4);
        return buf.getInt();
    }

    long getLong() throws IOException {
        need(8);
        return buf.getLong();
    }

    String getString() throws IOException {
        return new String(getBytes(), StandardCharsets.UTF_8);
    }

    byte[] getBytes() throws IOException {
        int n = getInt();
        if (n < 0) {
            throw new IOException("corrupt cache file: negative length");
        }
        byte[] b = new byte[n];
        getRaw(b);
        return b;
    }

    void getRaw(byte[] b) throws IOException {
        int at = 0;
        while (at < b.length) {
            need(1);
            int n = Math.min(buf.remaining(), b.length - at);
            buf.get(b, at, n);
            at += n;
        }
    }

    void getInts(int[] a) throws IOException {
        int at = 0;
        while (at < a.length) {
            need(4);
            int n = Math.min(buf.remaining() / 4, a.length - at);
            buf.asIntBuffer().get(a, at, n);
            buf.position(buf.position() + n * 4);
            at += n;
        }
    }

    void getLongs(long[] a) throws IOException {
        int at = 0;
        while (at < a.length) {
            need(8);
            int n = Math.min(buf.remaining() / 8, a.length - at);
            buf.asLongBuffer().get(a, at, n);
            buf.position(buf.position() + n * 8);
            at += n;
        }
    }
}
