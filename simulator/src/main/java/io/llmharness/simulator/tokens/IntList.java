package io.llmharness.simulator.tokens;

import java.util.Arrays;

/** A growable list of primitive ints (token ids), without boxing. Not thread-safe. */
public final class IntList {
    private int[] values;
    private int size;

    public IntList() {
        this(16);
    }

    public IntList(int capacity) {
        values = new int[Math.max(4, capacity)];
    }

    public static IntList of(int... ids) {
        IntList list = new IntList(ids.length);
        list.addAll(ids, 0, ids.length);
        return list;
    }

    public void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    public void addAll(int[] source, int from, int to) {
        int count = to - from;
        if (size + count > values.length) {
            values = Arrays.copyOf(values, Math.max(size + count, size * 2));
        }
        System.arraycopy(source, from, values, size, count);
        size += count;
    }

    public void addAll(IntList other) {
        addAll(other.values, 0, other.size);
    }

    public void repeat(int value, int count) {
        for (int i = 0; i < count; i++) {
            add(value);
        }
    }

    public int get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return values[index];
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The backing array (valid up to {@link #size()}, until the next add); for writers that must not copy. */
    public int[] backingArray() {
        return values;
    }

    public int[] toArray() {
        return Arrays.copyOf(values, size);
    }

    public int[] copyRange(int from, int to) {
        return Arrays.copyOfRange(values, from, to);
    }
}
