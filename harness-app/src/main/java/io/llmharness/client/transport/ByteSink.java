package io.llmharness.client.transport;

import io.vertx.core.buffer.Buffer;
import java.util.Arrays;

/** A growable byte array with a hard limit, collecting a response body. */
final class ByteSink {

    private final int limit;
    private byte[] bytes;
    private int size;
    private boolean truncated;

    ByteSink(int limit) {
        this.limit = limit;
        this.bytes = new byte[Math.min(limit, 8192)];
    }

    /** Appends what fits; returns false when the limit was crossed (the excess is dropped). */
    boolean append(Buffer b) {
        int n = b.length();
        int room = limit - size;
        int take = Math.min(n, room);
        if (size + take > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(size + (long) take, bytes.length * 2L)));
        }
        b.getBytes(0, take, bytes, size);
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
