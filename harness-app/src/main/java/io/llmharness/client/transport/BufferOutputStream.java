package io.llmharness.client.transport;

import io.vertx.core.buffer.Buffer;
import java.io.OutputStream;

/** Writes a request body straight into a Vert.x buffer (no intermediate array). */
public final class BufferOutputStream extends OutputStream {

    private final Buffer buffer;

    public BufferOutputStream(int initialSize) {
        this.buffer = Buffer.buffer(initialSize);
    }

    @Override
    public void write(int b) {
        buffer.appendByte((byte) b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        buffer.appendBytes(b, off, len);
    }

    /** The bytes written so far. */
    public Buffer buffer() {
        return buffer;
    }
}
