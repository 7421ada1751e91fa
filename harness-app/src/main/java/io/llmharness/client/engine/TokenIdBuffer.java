package io.llmharness.client.engine;

import java.util.Arrays;

/** A growable int array for one prompt's output token ids. */
final class TokenIdBuffer {

    private int[] values = new int[16];
    private int size;

    void add(int[] src, int count) {
        if (size + count > values.length) {
            values = Arrays.copyOf(values, Math.max(size + count, values.length * 2));
        }
        System.arraycopy(src, 0, values, size, count);
        size += count;
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
