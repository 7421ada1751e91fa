package io.llmharness.client.transport;

import java.util.Arrays;

/** A growable byte array with a hard limit, collecting a response body. */
final class ByteSink {

    private final int limit;
    private byte[] bytes;
    private int size;
    private boolean truncated;

    /** @param expected the body's announced length ({@code Content-Length}), or -1: sizes the first array */
    ByteSink(int limit, int expected) {
        this.limit = limit;
        this.bytes = new byte[Math.min(limit, expected > 0 ? expected : 8192)];
    }

    /** Appends what fits of {@code buf[off, off + n)}; returns false when the limit was crossed (the excess is dropped). */
    boolean append(byte[] buf, int off, int n) {
        int room = limit - size;
        int take = Math.min(n, room);
        if (size + take > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(size + (long) take, bytes.length * 2L)));
        }
        System.arraycopy(buf, off, bytes, size, take);
        size += take;
        if (take < n) {
            truncated = true;
        }
        return !truncated;
    }

    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }
}
