package io.llmharness.client.api;

import java.util.Arrays;

/** A growable int array reused across parses, so reading token ids allocates only when a new maximum is seen. */
final class IntScratch {

    int[] values = new int[64];
    int size;

    void clear() {
        size = 0;
    }

    void add(int v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
    }
}
