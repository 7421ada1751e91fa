package io.llmharness.dataset.column;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;

/** Little-endian writer over a channel with one reusable buffer; bulk arrays go through typed buffer views. */
final class BinaryOut {
    private final WritableByteChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);

    BinaryOut(WritableByteChannel channel) {
        this.channel = channel;
    }

    private void room(int n) throws IOException {
        if (buf.remaining() < n) {
            flush();
        }
    }

    void flush() throws IOException {
        buf.flip();
        while (buf.hasRemaining()) {
            channel.write(buf);
        }
        buf.clear();
    }

    void putByte(int v) throws IOException {
        room(1);
        buf.put((byte) v);
    }

    void putInt(int v) throws IOException {
        room(4);
        buf.putInt(v);
    }

    void putLong(long v) throws IOException {
        room(8);
        buf.putLong(v);
    }

    void putString(String s) throws IOException {
        putBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** Length-prefixed bytes. */
    void putBytes(byte[] b) throws IOException {
        putInt(b.length);
        putRaw(b);
    }

    void putRaw(byte[] b) throws IOException {
        putRaw(b, 0, b.length);
    }

    void putRaw(byte[] b, int from, int to) throws IOException {
        int at = from;
        while (at < to) {
            room(1);
            int n = Math.min(buf.remaining(), to - at);
            buf.put(b, at, n);
            at += n;
        }
    }

    void putInts(int[] a, int from, int to) throws IOException {
        int at = from;
        while (at < to) {
            room(4);
            int n = Math.min(buf.remaining() / 4, to - at);
            buf.asIntBuffer().put(a, at, n);
            buf.position(buf.position() + n * 4);
            at += n;
        }
    }

    void putLongs(long[] a) throws IOException {
        int at = 0;
        while (at < a.length) {
            room(8);
            int n = Math.min(buf.remaining() / 8, a.length - at);
            buf.asLongBuffer().put(a, at, n);
            buf.position(buf.position() + n * 8);
            at += n;
        }
    }
}
